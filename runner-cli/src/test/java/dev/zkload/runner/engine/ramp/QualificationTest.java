package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each qualification's sentence from its figures: the place the notes' words are tested. */
class QualificationTest {
    @Test
    void theReadersSilenceNamesEachServerWithItsSecondsInTheStepsOrder() {
        Map<String, Double> silent = new LinkedHashMap<>();
        silent.put("127.0.0.1:2183", 7.0);
        silent.put("127.0.0.1:2181", 5.4);
        assertThat(new Qualification.ReaderOnly(10, silent).sentence())
                .isEqualTo("At 10 domains zkload's statistics reader went unanswered by 127.0.0.1:2183 for 7 s,"
                        + " 127.0.0.1:2181 for 5 s, but nothing else saw a fault (no election, no session cut, no"
                        + " failed call): the reader's delay, not the ensemble's fault.");
    }

    @Test
    void aNoisyHostGivesTheOthersCoresAndTheStealOnlyWhenThereWasSome() {
        assertThat(new Qualification.NoisyHost(100, 1.39, 2, 0.4).sentence())
                .isEqualTo("Noisy host: at 100 domains, processes other than zkload and its servers took 1.39 of the 2"
                        + " cores (70%); an answer measured beside them may move with them (see resources in"
                        + " steps.jsonl).");
        assertThat(new Qualification.NoisyHost(100, 0.5, 4, 12.0).sentence())
                .contains("took 0.50 of the 4 cores (13%) and the hypervisor stole 12%;");
    }

    @Test
    void theRunnerWhileRegisteringIsTheBusyMachineWhenItWasOneAndSaysWhatWasJudged() {
        assertThat(new Qualification.RunnerWhileRegistering(20, null, List.of("fires 2 s late"), true).sentence())
                .isEqualTo("While the step to 20 domains registered them, the runner was the bottleneck (fires 2 s"
                        + " late).");
        assertThat(new Qualification.RunnerWhileRegistering(
                                20, "this machine was busy", List.of("fires 2 s late"), false)
                        .sentence())
                .isEqualTo("While the step to 20 domains registered them, this machine was busy (fires 2 s late);"
                        + " only the settled load was judged.");
    }

    @Test
    void unobservableStepsAreListedAndTheBusyMachineNamedWhenItWasOne() {
        assertThat(new Qualification.Unobservable(List.of(200, 300), null).sentence())
                .isEqualTo("Saturation was not observable at 200, 300 domains: the leader's statistics went unanswered"
                        + " for part of the settled load (see serverMetrics in steps.jsonl).");
        assertThat(new Qualification.Unobservable(List.of(200), "this machine was busy").sentence())
                .endsWith("(see serverMetrics in steps.jsonl), while this machine was busy.");
    }

    @Test
    void theBaselinesUnansweredRoundsAreCountedFromItsFigures() {
        assertThat(new Qualification.BaselineUnanswered(100, 60).sentence())
                .startsWith("The leader's statistics went unanswered in 40 of the baseline's 100 rounds")
                .endsWith("rest on the 60 that answered.");
    }
}
