package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SaturationDetectorTest {
    private static final Instant T0 = Instant.parse("2026-11-22T15:00:00Z");

    /** Feeds a recorded 1 Hz series and returns the index of the sample that saturated, or -1. */
    private static int firstSaturated(SaturationDetector d, long... series) {
        for (int i = 0; i < series.length; i++) {
            if (d.offer(T0.plusSeconds(i), series[i])) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void saturatesOnlyAfterTheSustainedStreak() {
        SaturationDetector d = new SaturationDetector(300, Duration.ofSeconds(5));
        // a 4 s burst above 300 is not saturation; the later 6-sample streak is, at its 6th second
        long[] series = {10, 350, 400, 310, 305, 200, 301, 320, 330, 340, 350, 360, 370};
        assertThat(firstSaturated(d, series)).isEqualTo(11);
        assertThat(d.saturated()).isTrue();
        assertThat(d.streakStart()).isEqualTo(T0.plusSeconds(6));
    }

    @Test
    void aSaturatedLeaderWhoseQueueDrainsForAMomentNowAndThenIsSaturated() {
        // as recorded on this machine at 100 domains: ~500 outstanding, one sample in 30 near empty
        SaturationDetector d = new SaturationDetector(300, Duration.ofSeconds(60));
        long[] series = new long[300];
        for (int i = 0; i < series.length; i++) {
            series[i] = i % 30 == 29 ? 40 : 480 + (i * 37) % 90;
        }
        assertThat(firstSaturated(d, series)).isEqualTo(60);
        assertThat(d.streakStart()).isEqualTo(T0);
    }

    @Test
    void aDipThatIsMoreThanATenthOfTheWindowDelaysSaturation() {
        SaturationDetector d = new SaturationDetector(300, Duration.ofSeconds(3));
        assertThat(firstSaturated(d, 400, 400, 400, 299, 400, 400, 400)).isEqualTo(-1);
        assertThat(d.offer(T0.plusSeconds(7), 400)).isTrue();
    }

    @Test
    void the2017ReportSeriesAround293DoesNotSaturate() {
        // load-3 averaged 293 outstanding: often above 300, but never for a whole minute
        SaturationDetector d = new SaturationDetector(300, Duration.ofSeconds(60));
        long[] series = new long[600];
        for (int i = 0; i < series.length; i++) {
            series[i] = (i % 50) < 40 ? 320 : 200;
        }
        assertThat(firstSaturated(d, series)).isEqualTo(-1);
    }

    @Test
    void thresholdZeroSaturatesAnIdleEnsembleAtOnce() {
        SaturationDetector d = new SaturationDetector(0, Duration.ZERO);
        assertThat(d.offer(T0, 0)).isTrue();
    }

    @Test
    void staysSaturated() {
        SaturationDetector d = new SaturationDetector(1, Duration.ZERO);
        assertThat(d.offer(T0, 5)).isTrue();
        assertThat(d.offer(T0.plusSeconds(1), 0)).isTrue();
    }

    @Test
    void rejectsNegativeSettings() {
        assertThatThrownBy(() -> new SaturationDetector(-1, Duration.ZERO)).hasMessageContaining("threshold");
        assertThatThrownBy(() -> new SaturationDetector(1, Duration.ofSeconds(-1)))
                .hasMessageContaining("sustain");
    }
}
