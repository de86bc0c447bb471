package dev.zkload.jmh.gate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IterationTest {

    @Test
    void percentilesAreNearestRankOverTheHistogram() {
        // 10 samples: 100 ×5, 200 ×4, 900 ×1
        Iteration i = Iteration.sampled(new double[] {100, 200, 900}, new long[] {5, 4, 1});
        assertThat(i.percentile(50)).isEqualTo(100);
        assertThat(i.percentile(51)).isEqualTo(200);
        assertThat(i.percentile(90)).isEqualTo(200);
        assertThat(i.percentile(99)).isEqualTo(900);
        assertThat(i.percentile(100)).isEqualTo(900);
        assertThat(i.score()).isEqualTo((500 + 800 + 900) / 10.0);
    }

    @Test
    void withoutSamplesThereIsNoPercentile() {
        assertThat(Iteration.sampled(new double[0], new long[0]).percentile(50)).isNaN();
        assertThat(Iteration.scored(42).score()).isEqualTo(42);
    }
}
