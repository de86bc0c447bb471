package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.result.StepFixture;
import dev.zkload.runner.result.StepVerdict;
import dev.zkload.runner.result.StopReason;
import org.junit.jupiter.api.Test;

class StopRulesTest {
    private static final RampPlan PLAN = Plans.plan(700, true);

    @Test
    void aCalmStepBelowTheTargetIsStableAndGoesOn() {
        StopRules.Judgement j = StopRules.judge(StepFixture.step(100).build(), PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.STABLE);
        assertThat(j.stop()).isEmpty();
    }

    @Test
    void saturationComesBeforeErrors() {
        StopRules.Judgement j = StopRules.judge(
                StepFixture.step(100)
                        .saturated()
                        .events(0, 0, 400)
                        .benchErrors(0.5)
                        .build(),
                PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.SATURATED);
        assertThat(j.stop().orElseThrow().reason()).isEqualTo(StopReason.SATURATED);
        assertThat(j.stop().orElseThrow().message())
                .isEqualTo("leader outstanding requests at or above 300 for 60 s of settled load at 100 domains");
    }

    @Test
    void aGeneratorBoundStepIsNeverTheEnsemblesSaturation() {
        StopRules.Judgement j = StopRules.judge(
                StepFixture.step(200)
                        .saturated()
                        .bound("the runner used 97% of its 2 cores")
                        .build(),
                PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.GENERATOR_BOUND);
        assertThat(j.stop().orElseThrow().reason()).isEqualTo(StopReason.GENERATOR_BOUND);
        assertThat(j.stop().orElseThrow().message())
                .isEqualTo("the load generator was the bottleneck at 200 domains: the runner used 97% of its 2 cores");
    }

    @Test
    void anExpiryStormStopsTheRampWithErrors() {
        // 5% of 500 sessions is 25: 25 expiries are tolerated, 26 are a storm
        assertThat(StopRules.judge(StepFixture.step(100).events(25, 25, 25).build(), PLAN)
                        .stop())
                .isEmpty();
        StopRules.Judgement j =
                StopRules.judge(StepFixture.step(100).events(26, 26, 26).build(), PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.ERRORS);
        assertThat(j.stop().orElseThrow().message())
                .isEqualTo("26 of 500 simulated sessions expired during the step to 100 domains (limit 5%)");
    }

    @Test
    void disconnectsAloneAreNoStorm() {
        assertThat(StopRules.judge(StepFixture.step(100).events(500, 500, 0).build(), PLAN)
                        .stop())
                .isEmpty();
    }

    @Test
    void aBenchmarkErrorRateAboveTheLimitStopsTheRamp() {
        StopRules.Stop stop = StopRules.judge(
                        StepFixture.step(100).benchErrors(0.02).build(), PLAN)
                .stop()
                .orElseThrow();
        assertThat(stop.reason()).isEqualTo(StopReason.ERRORS);
        assertThat(stop.message()).startsWith("2.0% of benchmark calls failed at 100 domains");
    }

    @Test
    void anElectionIsNoErrorButALostQuorumIs() {
        // a leader killed mid-step: the others elect a new one within seconds, and the ramp goes on
        assertThat(StopRules.judge(
                                StepFixture.step(100)
                                        .events(5, 5, 0)
                                        .leaderless(3)
                                        .build(),
                                PLAN)
                        .stop())
                .isEmpty();
        StopRules.Stop stop = StopRules.judge(
                        StepFixture.step(700).events(500, 0, 0).leaderless(20).build(), PLAN)
                .stop()
                .orElseThrow();
        assertThat(stop.reason()).as("before the target rule").isEqualTo(StopReason.ERRORS);
        assertThat(stop.message())
                .isEqualTo("the ensemble lost its quorum: no leader for 20 s during the step to 700 domains");
    }

    @Test
    void theTargetReachedEndsACalmRamp() {
        StopRules.Judgement j = StopRules.judge(StepFixture.step(700).build(), PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.STABLE);
        assertThat(j.stop().orElseThrow().reason()).isEqualTo(StopReason.TARGET_REACHED);
    }

    @Test
    void aStepWithoutTheLeadersStatisticsIsUnobservableNotStable() {
        StopRules.Judgement j =
                StopRules.judge(StepFixture.step(100).unobservable().build(), PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.UNOBSERVABLE);
        assertThat(j.stop()).isEmpty();
        assertThat(StopRules.judge(StepFixture.step(700).unobservable().build(), PLAN)
                        .verdict())
                .isEqualTo(StepVerdict.UNOBSERVABLE);
    }
}
