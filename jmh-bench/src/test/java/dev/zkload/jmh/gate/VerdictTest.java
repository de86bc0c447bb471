package dev.zkload.jmh.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.jmh.gate.Bootstrap.Estimate;
import dev.zkload.jmh.gate.Verdict.Decision;
import org.junit.jupiter.api.Test;

class VerdictTest {

    @Test
    void failsOnlyAboveTheLimitAndBeyondTheNoise() {
        assertThat(Verdict.decide(new Estimate(1.30, 1.05, 1.60), 1.10)).isEqualTo(Decision.FAIL);
        assertThat(Verdict.decide(new Estimate(1.30, 0.95, 1.60), 1.10)).isEqualTo(Decision.NOISE);
        assertThat(Verdict.decide(new Estimate(1.08, 1.02, 1.12), 1.10)).isEqualTo(Decision.UNDER_LIMIT);
        assertThat(Verdict.decide(new Estimate(0.80, 0.70, 0.90), 1.10)).isEqualTo(Decision.FASTER);
        assertThat(Verdict.decide(new Estimate(1.02, 0.90, 1.15), 1.10)).isEqualTo(Decision.SAME);
    }

    @Test
    void aRatioExactlyAtTheLimitPasses() {
        assertThat(Verdict.decide(new Estimate(1.10, 1.05, 1.15), 1.10)).isEqualTo(Decision.UNDER_LIMIT);
    }

    @Test
    void noSamplesIsSaidNotPassed() {
        assertThat(Verdict.decide(new Estimate(Double.NaN, Double.NaN, Double.NaN), 1.10))
                .isEqualTo(Decision.NO_DATA);
        assertThat(Decision.NO_DATA.words).startsWith("not judged");
    }
}
