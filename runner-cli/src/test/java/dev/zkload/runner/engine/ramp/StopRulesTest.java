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
    void errorsComeBeforeADisturbanceAndADisturbanceBeforeSaturation() {
        StopRules.Judgement storm = StopRules.judge(
                StepFixture.step(100)
                        .saturated()
                        .leaderChanged(1)
                        .leaderless(2)
                        .events(400, 0, 400)
                        .build(),
                PLAN);
        assertThat(storm.verdict()).isEqualTo(StepVerdict.ERRORS);
        StopRules.Judgement election = StopRules.judge(
                StepFixture.step(100).saturated().leaderChanged(1).leaderless(2).build(), PLAN);
        assertThat(election.verdict()).isEqualTo(StepVerdict.DISTURBED);
        StopRules.Judgement saturated =
                StopRules.judge(StepFixture.step(100).saturated().build(), PLAN);
        assertThat(saturated.verdict()).isEqualTo(StepVerdict.SATURATED);
        assertThat(saturated.stop().orElseThrow().message())
                .isEqualTo("leader outstanding requests at or above 300 for 60 s of settled load at 100 domains");
    }

    @Test
    void aQueueSaturatedOnAverageSaysSoWithHowOftenItDippedUnderTheThreshold() {
        // the mean the rule judged (each sample counted up to 600), not the plain one a burst lifted to 520
        StopRules.Judgement j = StopRules.judge(
                StepFixture.step(100)
                        .saturatedOnAverage(0.67, 520)
                        .countedMean(414.0)
                        .build(),
                PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.SATURATED);
        assertThat(j.stop().orElseThrow().reason()).isEqualTo(StopReason.SATURATED);
        assertThat(j.stop().orElseThrow().message())
                .isEqualTo("leader outstanding requests averaged 414, at or above 300, over 60 s of settled load at"
                        + " 100 domains (under it in 33% of the samples: a queue swinging above the line)");
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
    void oneCutSessionIsSaidInTheSingular() {
        StopRules.Judgement j =
                StopRules.judge(StepFixture.step(100).events(1, 1, 1).build(), PLAN);
        assertThat(j.stop().orElseThrow().message())
                .isEqualTo("at 100 domains the ensemble was disturbed: 1 disconnection and 1 expiry among 500"
                        + " simulated sessions");
    }

    @Test
    void anExpiryStormStopsTheRampWithErrorsAndFewerExpiriesAreADisturbance() {
        // 5% of 500 sessions is 25: 25 expiries are tolerated, 26 are a storm
        StopRules.Judgement tolerated =
                StopRules.judge(StepFixture.step(100).events(25, 25, 25).build(), PLAN);
        assertThat(tolerated.verdict()).isEqualTo(StepVerdict.DISTURBED);
        assertThat(tolerated.stop().orElseThrow().message())
                .isEqualTo("at 100 domains the ensemble was disturbed: 25 disconnections and 25 expiries among 500"
                        + " simulated sessions");
        StopRules.Judgement j =
                StopRules.judge(StepFixture.step(100).events(26, 26, 26).build(), PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.ERRORS);
        assertThat(j.stop().orElseThrow().message())
                .isEqualTo("26 of 500 simulated sessions expired during the step to 100 domains (limit 5%)");
    }

    @Test
    void disconnectsAloneAreNoStormButADisturbance() {
        StopRules.Judgement j =
                StopRules.judge(StepFixture.step(100).events(500, 500, 0).build(), PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.DISTURBED);
        assertThat(j.stop().orElseThrow().reason()).isEqualTo(StopReason.DISTURBED);
    }

    @Test
    void aBenchmarkErrorRateAboveTheLimitStopsTheRampUnlessAnEnsembleEventExplainsIt() {
        StopRules.Stop stop = StopRules.judge(
                        StepFixture.step(100).benchErrors(0.02).build(), PLAN)
                .stop()
                .orElseThrow();
        assertThat(stop.reason()).isEqualTo(StopReason.ERRORS);
        assertThat(stop.message()).startsWith("2.0% of benchmark calls failed at 100 domains");

        // the same failures in the step a leader was killed in: one fault, one verdict
        StopRules.Judgement j = StopRules.judge(
                StepFixture.step(100)
                        .benchErrors(0.02)
                        .leaderChanged(1)
                        .leaderless(2.1)
                        .events(500, 500, 0)
                        .build(),
                PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.DISTURBED);
        assertThat(j.stop().orElseThrow().message())
                .isEqualTo("at 100 domains the ensemble was disturbed: the leader changed (2.1 s without a leader);"
                        + " 500 disconnections and 0 expiries among 500 simulated sessions; 2.0% of benchmark calls"
                        + " failed");
    }

    @Test
    void anElectionDisturbsTheStepAndALostQuorumIsAnError() {
        StopRules.Judgement election = StopRules.judge(
                StepFixture.step(100).leaderChanged(1).leaderless(3).build(), PLAN);
        assertThat(election.verdict()).isEqualTo(StepVerdict.DISTURBED);
        assertThat(election.stop().orElseThrow().message())
                .isEqualTo("at 100 domains the ensemble was disturbed: the leader changed (3.0 s without a leader)");
        StopRules.Stop stop = StopRules.judge(
                        StepFixture.step(700).events(500, 0, 0).leaderless(20).build(), PLAN)
                .stop()
                .orElseThrow();
        assertThat(stop.reason()).as("before the target rule").isEqualTo(StopReason.ERRORS);
        assertThat(stop.message())
                .isEqualTo("the ensemble lost its quorum: no leader for 20 s during the step to 700 domains");
    }

    @Test
    void aHungMajorityIsALostQuorumNotADisturbance() {
        StopRules.Judgement j = StopRules.judge(
                StepFixture.step(300)
                        .unresponsive("127.0.0.1:2183", 25)
                        .leaderless(24)
                        .build(),
                PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.ERRORS);
        assertThat(j.stop().orElseThrow().reason()).isEqualTo(StopReason.ERRORS);
        assertThat(j.stop().orElseThrow().message())
                .isEqualTo("the ensemble lost its quorum: no leader for 24 s during the step to 300 domains");
    }

    @Test
    void aServerSilentToTheStatisticsReaderAloneIsNoDisturbanceButWithSessionsCutItIs() {
        assertThat(StopRules.judge(
                                StepFixture.step(100)
                                        .unresponsive("127.0.0.1:2183", 20)
                                        .build(),
                                PLAN)
                        .verdict())
                .as("only zkload's reader missed it")
                .isEqualTo(StepVerdict.STABLE);
        StopRules.Judgement j = StopRules.judge(
                StepFixture.step(100)
                        .unresponsive("127.0.0.1:2183", 20)
                        .events(4, 4, 0)
                        .build(),
                PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.DISTURBED);
        assertThat(j.stop().orElseThrow().message())
                .isEqualTo("at 100 domains the ensemble was disturbed: server 127.0.0.1:2183 did not answer for 20 s;"
                        + " 4 disconnections and 0 expiries among 500 simulated sessions");
    }

    @Test
    void aSaturatedLeaderThatAnswersTheSamplerLateIsStillSaturated() {
        StopRules.Judgement j = StopRules.judge(
                StepFixture.step(200)
                        .saturated()
                        .unresponsive("127.0.0.1:2181", 6)
                        .build(),
                PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.SATURATED);
        assertThat(j.stop().orElseThrow().message())
                .endsWith("at 200 domains; meanwhile server 127.0.0.1:2181 did not answer for 6 s");
        assertThat(StopRules.judge(
                                StepFixture.step(200)
                                        .saturated()
                                        .unresponsive("127.0.0.1:2181", 6)
                                        .events(3, 3, 0)
                                        .build(),
                                PLAN)
                        .verdict())
                .as("sessions cut as well: the fault, not the load")
                .isEqualTo(StepVerdict.DISTURBED);
    }

    @Test
    void anElectionThatStrainedTheRunnerDisturbsTheStepAndNamesTheStrainAfterIt() {
        StopRules.Judgement j = StopRules.judge(
                StepFixture.step(10)
                        .leaderChanged(1)
                        .leaderless(4.2)
                        .events(50, 50, 0)
                        .ensemble(3, "127.0.0.1:2183", "127.0.0.1:2182")
                        .bound("a GC pause stopped the runner for 1.3 s (limit 1.0 s)")
                        .build(),
                PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.DISTURBED);
        assertThat(j.stop().orElseThrow().reason()).isEqualTo(StopReason.DISTURBED);
        assertThat(j.stop().orElseThrow().message())
                .isEqualTo("at 10 domains the ensemble was disturbed: the leader changed (4.2 s without a leader);"
                        + " 50 disconnections and 0 expiries among 500 simulated sessions; the runner strained as the"
                        + " fault made it (a GC pause stopped the runner for 1.3 s (limit 1.0 s))");
    }

    @Test
    void aServerSilentWhileOthersAnsweredWithSessionsCutIsAFaultButEveryServerSilentAtOnceIsTheRunnersPause() {
        String gc = "a GC pause stopped the runner for 6.0 s (limit 1.0 s)";
        StopRules.Judgement stalled = StopRules.judge(
                StepFixture.step(10)
                        .silentAlone("127.0.0.1:2183", 22)
                        .unresponsive("127.0.0.1:2181", 2)
                        .events(3, 3, 0)
                        .ensemble(3, "127.0.0.1:2182", "127.0.0.1:2182")
                        .bound(gc)
                        .build(),
                PLAN);
        assertThat(stalled.verdict()).isEqualTo(StepVerdict.DISTURBED);
        StopRules.Judgement paused = StopRules.judge(
                StepFixture.step(10)
                        .unresponsive("127.0.0.1:2181", 6)
                        .unresponsive("127.0.0.1:2182", 6)
                        .unresponsive("127.0.0.1:2183", 6)
                        .events(3, 3, 0)
                        .ensemble(3, "127.0.0.1:2182", "127.0.0.1:2182")
                        .bound(gc)
                        .build(),
                PLAN);
        assertThat(paused.verdict()).isEqualTo(StepVerdict.GENERATOR_BOUND);
    }

    @Test
    void sessionsCutAloneDoNotTakeTheRunnersLimitAway() {
        // a starved runner misses its own sessions' heartbeats: cut sessions are what its limit looks like
        StopRules.Judgement j = StopRules.judge(
                StepFixture.step(200)
                        .events(40, 40, 0)
                        .bound("the runner used 97% of its 2 cores")
                        .build(),
                PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.GENERATOR_BOUND);
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
