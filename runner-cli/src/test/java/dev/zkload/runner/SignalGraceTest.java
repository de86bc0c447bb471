package dev.zkload.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.SignalGrace.Reaction;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SignalGraceTest {
    private static final long T0 = 5_000_000_000L;

    @Test
    void theFirstSignalStopsAndItsEchoAMicrosecondLaterIsTheSameInterrupt() {
        SignalGrace grace = new SignalGrace();
        assertThat(grace.onSignal(T0)).isEqualTo(Reaction.STOP);
        assertThat(grace.onSignal(T0 + 1_000)).isEqualTo(Reaction.SAME);
        assertThat(grace.onSignal(T0 + Duration.ofMillis(999).toNanos())).isEqualTo(Reaction.SAME);
    }

    @Test
    void aSignalASecondOrMoreAfterTheFirstQuits() {
        SignalGrace grace = new SignalGrace();
        grace.onSignal(T0);
        assertThat(grace.onSignal(T0 + SignalGrace.SAME_INTERRUPT.toNanos())).isEqualTo(Reaction.QUIT);
        assertThat(grace.onSignal(T0 + Duration.ofSeconds(30).toNanos())).isEqualTo(Reaction.QUIT);
    }

    @Test
    void theClockMayStartNegative() {
        SignalGrace grace = new SignalGrace();
        assertThat(grace.onSignal(-10L)).isEqualTo(Reaction.STOP);
        assertThat(grace.onSignal(0L)).isEqualTo(Reaction.SAME);
    }
}
