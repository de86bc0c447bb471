package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.result.StepVerdict;
import org.junit.jupiter.api.Test;

class ShortAddTest {
    private final ShortAdd shortAdd =
            new ShortAdd("only 180 of 200 domains were registered after 604 s (--add-timeout 600 s)", 180);

    @Test
    void theNotesNameTheStepAndTheDomainsItWasJudgedAt() {
        assertThat(shortAdd.judgedNote(2))
                .isEqualTo("At step 2, only 180 of 200 domains were registered after 604 s (--add-timeout 600 s): the"
                        + " step was judged at the 180 that registered.");
        assertThat(shortAdd.interruptedNote(2)).endsWith(": the step was interrupted before it was judged.");
    }

    @Test
    void onlyAStableStepWasCarriedAndAPacedAddNamesItsRate() {
        assertThat(shortAdd.stopMessage(StepVerdict.STABLE, 200, null))
                .isEqualTo("only 180 of 200 domains were registered after 604 s (--add-timeout 600 s): the ensemble"
                        + " registers domains too slowly to take 200; it carried the 180 it registered");
        assertThat(shortAdd.stopMessage(StepVerdict.UNOBSERVABLE, 200, 0.5))
                .endsWith(": at --add-rate 0.5 a second and the ensemble's pace, 200 domains do not register in that"
                        + " time; the 180 it registered were judged unobservable");
        assertThat(ShortAdd.tooSlow(20, 1.0)).startsWith("at --add-rate 1 a second");
    }
}
