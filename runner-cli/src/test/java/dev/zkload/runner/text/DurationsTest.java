package dev.zkload.runner.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {
    @Test
    void timeLeftIsHoursAndMinutes() {
        assertThat(Durations.hoursMinutes(Duration.ofMinutes(41))).isEqualTo("41m");
        assertThat(Durations.hoursMinutes(Duration.ofMinutes(125))).isEqualTo("2h05m");
    }

    @Test
    void theClockIsHoursMinutesAndSecondsAndNeverNegative() {
        assertThat(Durations.clock(Duration.ofSeconds(3 * 3600 + 7 * 60 + 5))).isEqualTo("3:07:05");
        assertThat(Durations.clock(Duration.ofSeconds(-4))).isEqualTo("0:00:00");
    }

    @Test
    void aDelayIsMillisecondsBelowASecondAndTenthsOfSecondsFromOne() {
        assertThat(Durations.ofMillis(850.4)).isEqualTo("850 ms");
        assertThat(Durations.ofMillis(1840.0)).isEqualTo("1.8 s");
        assertThat(Durations.ofMillis(null)).isEqualTo("n/a");
        assertThat(Durations.secondsOfMillis(400)).isEqualTo("0.4 s");
    }
}
