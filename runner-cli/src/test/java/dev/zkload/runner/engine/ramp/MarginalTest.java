package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.result.RampSummary;
import dev.zkload.runner.result.StepFixture;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepVerdict;
import dev.zkload.runner.result.StopReason;
import java.util.List;
import org.junit.jupiter.api.Test;

class MarginalTest {
    private static final RampPlan PLAN = Plans.plan(700, true); // threshold 300

    @Test
    void aLastStableStepWithinTwentyPercentBelowTheThresholdIsMarginal() {
        assertThat(Marginal.of(List.of(stable(100, 239), stable(200, 240)), 200, null, 300))
                .containsExactly("the last stable step (200 domains) averaged 240 leader outstanding requests, within"
                        + " 20% below the threshold of 300");
        assertThat(Marginal.of(List.of(stable(100, 250), stable(200, 239)), 200, null, 300))
                .as("only the last stable step counts")
                .isEmpty();
    }

    @Test
    void aSaturationLessThanTwentyPercentAboveTheThresholdIsBarely() {
        assertThat(Marginal.of(List.of(stable(100, 10), saturated(200, 359)), 100, 200, 300))
                .containsExactly("the saturation at 200 domains was met only barely: its leader averaged 359"
                        + " outstanding requests, less than 20% above the threshold of 300");
        assertThat(Marginal.of(List.of(stable(100, 10), saturated(200, 360)), 100, 200, 300))
                .isEmpty();
    }

    @Test
    void withoutTheServersDataOrAThresholdNothingIsMarginal() {
        StepResult blind = StepFixture.step(100).verdict(StepVerdict.STABLE).build();
        assertThat(Marginal.of(List.of(blind), 100, null, 300)).isEmpty();
        assertThat(Marginal.of(List.of(stable(100, 0)), 100, null, 0)).isEmpty();
    }

    @Test
    void theVerdictSentenceAndTheSummaryCarryIt() {
        RampSummary s = CapacityVerdict.summarize(
                StopReason.SATURATED, "m", List.of(stable(100, 280), saturated(200, 320)), PLAN, false);
        assertThat(s.verdict())
                .isEqualTo("The ensemble saturated at 200 domains; max stable domains: 100. Marginal: the last stable"
                        + " step (100 domains) averaged 280 leader outstanding requests, within 20% below the threshold"
                        + " of 300; the saturation at 200 domains was met only barely: its leader averaged 320"
                        + " outstanding requests, less than 20% above the threshold of 300.");
        assertThat(s.marginal()).hasSize(2);

        RampSummary clear = CapacityVerdict.summarize(
                StopReason.SATURATED, "m", List.of(stable(100, 20), saturated(200, 900)), PLAN, false);
        assertThat(clear.verdict()).doesNotContain("Marginal");
        assertThat(clear.marginal()).isEmpty();
    }

    private static StepResult stable(int domains, double outstanding) {
        return StepFixture.step(domains)
                .outstanding(outstanding)
                .verdict(StepVerdict.STABLE)
                .build();
    }

    private static StepResult saturated(int domains, double outstanding) {
        return StepFixture.step(domains)
                .saturated()
                .outstanding(outstanding)
                .verdict(StepVerdict.SATURATED)
                .build();
    }
}
