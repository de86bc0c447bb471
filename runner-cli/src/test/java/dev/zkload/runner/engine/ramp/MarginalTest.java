package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.as;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.result.RampSummary;
import dev.zkload.runner.result.StepFixture;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepVerdict;
import dev.zkload.runner.result.StopReason;
import java.util.List;
import org.assertj.core.api.InstanceOfAssertFactories;
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
    void aSaturationLessThanTwentyPercentAboveTheThresholdOverTheRulesWindowIsBarely() {
        assertThat(Marginal.of(List.of(stable(100, 10), saturated(200, 500, 359)), 100, 200, 300))
                .containsExactly("the saturation at 200 domains was met only barely: over the window that met the"
                        + " rule, its leader averaged 359 outstanding requests, less than 20% above the threshold of"
                        + " 300");
        assertThat(Marginal.of(List.of(stable(100, 10), saturated(200, 359, 360)), 100, 200, 300))
                .isEmpty();
    }

    @Test
    void aQueueThatGrewDuringTheStepIsJudgedByTheWindowThatMetTheRuleNotByTheWholeStep() {
        // measured: a refinement step at 150 domains averaged 173 over its settled load, its last minute 307
        assertThat(Marginal.of(List.of(stable(143, 147), saturated(150, 173.3, 307.4)), 143, 150, 300))
                .singleElement(as(InstanceOfAssertFactories.STRING))
                .contains("averaged 307 outstanding requests, less than 20% above");
        // a queue that grew to far above the line in the window is no barely, whatever the step's average
        assertThat(Marginal.of(List.of(stable(143, 10), saturated(150, 173.3, 520)), 143, 150, 300))
                .isEmpty();
    }

    @Test
    void aBurstInTheWindowDoesNotLiftABarelyMetRuleAboveTheLine() {
        // a window of 60 samples at 300 and one of 9,000: 443 plain, 305 with each sample counted up to 600
        StepResult burst = StepFixture.step(150)
                .saturatedAsHeld(1.0, 443)
                .countedMean(305.0)
                .outstanding(300)
                .verdict(StepVerdict.SATURATED)
                .build();
        assertThat(Marginal.of(List.of(stable(143, 10), burst), 143, 150, 300))
                .containsExactly("the saturation at 150 domains was met only barely: over the window that met the"
                        + " rule, its leader averaged 305 outstanding requests (each sample counted up to 600; 443 with"
                        + " its bursts counted whole), less than 20% above the threshold of 300");
    }

    @Test
    void aResultWrittenBeforeTheCountedMeanIsJudgedByItsPlainMean() {
        StepResult older = StepFixture.step(150)
                .saturatedAsHeld(0.95, 330)
                .countedMean(null)
                .outstanding(250)
                .verdict(StepVerdict.SATURATED)
                .build();
        assertThat(Marginal.of(List.of(stable(143, 10), older), 143, 150, 300))
                .singleElement(as(InstanceOfAssertFactories.STRING))
                .contains("averaged 330 outstanding requests, less than 20% above");
    }

    @Test
    void aHeldSaturationWhoseMeanIsUnderTheThresholdSaysSo() {
        StepResult held = StepFixture.step(200)
                .saturatedAsHeld(0.92, 290)
                .outstanding(250)
                .verdict(StepVerdict.SATURATED)
                .build();
        assertThat(Marginal.of(List.of(stable(100, 10), held), 100, 200, 300))
                .containsExactly("the saturation at 200 domains was met only barely: over the window that met the"
                        + " rule, its leader was at or above the threshold of 300 in 92% of the samples but averaged"
                        + " 290 outstanding requests, under it");
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
                StopReason.SATURATED, "m", List.of(stable(100, 280), saturated(200, 320, 320)), PLAN, false);
        assertThat(s.verdict())
                .isEqualTo("The ensemble saturated at 200 domains; max stable domains: 100."
                        + " Why it saturated was not observed: neither the machine's nor the servers' resources were read at 200 domains. Marginal: the last stable"
                        + " step (100 domains) averaged 280 leader outstanding requests, within 20% below the threshold"
                        + " of 300; the saturation at 200 domains was met only barely: over the window that met the"
                        + " rule, its leader averaged 320 outstanding requests, less than 20% above the threshold of"
                        + " 300.");
        assertThat(s.marginal()).hasSize(2);

        RampSummary clear = CapacityVerdict.summarize(
                StopReason.SATURATED, "m", List.of(stable(100, 20), saturated(200, 900, 580)), PLAN, false);
        assertThat(clear.verdict()).doesNotContain("Marginal");
        assertThat(clear.marginal()).isEmpty();
    }

    private static StepResult stable(int domains, double outstanding) {
        return StepFixture.step(domains)
                .outstanding(outstanding)
                .verdict(StepVerdict.STABLE)
                .build();
    }

    /** Saturated on average: the settled load's average, and the mean over the window that met the rule. */
    private static StepResult saturated(int domains, double outstanding, double windowMean) {
        return StepFixture.step(domains)
                .saturatedOnAverage(0.6, windowMean)
                .outstanding(outstanding)
                .verdict(StepVerdict.SATURATED)
                .build();
    }
}
