package dev.zkload.runner.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.health.GeneratorHealth;
import dev.zkload.runner.health.HealthLimits;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StopRulesTest {
    private static final long SESSIONS = 500;
    private static final RampPlan PLAN = new RampPlan(700, 100, "/zkload/ramp-t", 300, Duration.ofSeconds(60),
            Duration.ofSeconds(60), Duration.ofMinutes(10), null, 0.01, 0.05, RampPlan.BenchTarget.LEADER,
            new RampPlan.BenchSize(100, 100, 0, Duration.ofSeconds(30)), Shard.ALONE, null, null, true,
            HealthLimits.DEFAULT, 5);

    @Test
    void aCalmStepBelowTheTargetIsStableAndGoesOn() {
        StopRules.Judgement j = StopRules.judge(step(100).build(), PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.STABLE);
        assertThat(j.stop()).isEmpty();
    }

    @Test
    void saturationComesBeforeErrors() {
        StopRules.Judgement j = StopRules.judge(step(100).saturated().events(0, 0, 400).benchErrors(0.5).build(), PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.SATURATED);
        assertThat(j.stop().orElseThrow().reason()).isEqualTo(StopReason.SATURATED);
        assertThat(j.stop().orElseThrow().message())
                .isEqualTo("leader outstanding requests at or above 300 for 60 s of settled load at 100 domains");
    }

    @Test
    void aGeneratorBoundStepIsNeverTheEnsemblesSaturation() {
        StopRules.Judgement j = StopRules.judge(step(200).saturated().bound("the runner used 97% of its 2 cores").build(),
                PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.GENERATOR_BOUND);
        assertThat(j.stop().orElseThrow().reason()).isEqualTo(StopReason.GENERATOR_BOUND);
        assertThat(j.stop().orElseThrow().message()).isEqualTo(
                "the load generator was the bottleneck at 200 domains: the runner used 97% of its 2 cores");
    }

    @Test
    void anExpiryStormStopsTheRampWithErrors() {
        // 5% of 500 sessions is 25: 25 expiries are tolerated, 26 are a storm
        assertThat(StopRules.judge(step(100).events(25, 25, 25).build(), PLAN).stop()).isEmpty();
        StopRules.Judgement j = StopRules.judge(step(100).events(26, 26, 26).build(), PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.ERRORS);
        assertThat(j.stop().orElseThrow().message())
                .isEqualTo("26 of 500 simulated sessions expired during the step to 100 domains (limit 5%)");
    }

    @Test
    void disconnectsAloneAreNoStorm() {
        assertThat(StopRules.judge(step(100).events(500, 500, 0).build(), PLAN).stop()).isEmpty();
    }

    @Test
    void aBenchmarkErrorRateAboveTheLimitStopsTheRamp() {
        StopRules.Stop stop = StopRules.judge(step(100).benchErrors(0.02).build(), PLAN).stop().orElseThrow();
        assertThat(stop.reason()).isEqualTo(StopReason.ERRORS);
        assertThat(stop.message()).startsWith("2.0% of benchmark calls failed at 100 domains");
    }

    @Test
    void anElectionIsNoErrorButALostQuorumIs() {
        // a leader killed mid-step: the others elect a new one within seconds, and the ramp goes on
        assertThat(StopRules.judge(step(100).events(5, 5, 0).leaderless(3).build(), PLAN).stop()).isEmpty();
        StopRules.Stop stop = StopRules.judge(step(700).events(500, 0, 0).leaderless(20).build(), PLAN).stop().orElseThrow();
        assertThat(stop.reason()).as("before the target rule").isEqualTo(StopReason.ERRORS);
        assertThat(stop.message()).isEqualTo("the ensemble lost its quorum: no leader for 20 s during the step to 700 domains");
    }

    @Test
    void theTargetReachedEndsACalmRamp() {
        StopRules.Judgement j = StopRules.judge(step(700).build(), PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.STABLE);
        assertThat(j.stop().orElseThrow().reason()).isEqualTo(StopReason.TARGET_REACHED);
    }

    @Test
    void aStepWithoutTheLeadersStatisticsIsUnobservableNotStable() {
        StopRules.Judgement j = StopRules.judge(step(100).unobservable().build(), PLAN);
        assertThat(j.verdict()).isEqualTo(StepVerdict.UNOBSERVABLE);
        assertThat(j.stop()).isEmpty();
        assertThat(StopRules.judge(step(700).unobservable().build(), PLAN).verdict()).isEqualTo(StepVerdict.UNOBSERVABLE);
    }

    static Builder step(int domains) {
        return new Builder(domains);
    }

    /** A finished step with the fields the rules read; everything calm unless said otherwise. */
    static final class Builder {
        private final int domains;
        private boolean saturated;
        private boolean observable = true;
        private List<String> bound = List.of();
        private long[] events = {0, 0, 0};
        private double benchErrors;
        private double leaderless;
        private StepVerdict verdict;

        Builder(int domains) {
            this.domains = domains;
        }

        Builder saturated() {
            saturated = true;
            return this;
        }

        Builder unobservable() {
            observable = false;
            return this;
        }

        Builder bound(String reason) {
            bound = List.of(reason);
            return this;
        }

        Builder events(long disconnected, long reconnected, long expired) {
            events = new long[] {disconnected, reconnected, expired};
            return this;
        }

        Builder benchErrors(double rate) {
            benchErrors = rate;
            return this;
        }

        Builder leaderless(double seconds) {
            leaderless = seconds;
            return this;
        }

        Builder verdict(StepVerdict v) {
            verdict = v;
            return this;
        }

        StepResult build() {
            GeneratorHealth health = new GeneratorHealth(60, 2, bound.isEmpty() ? 40 : 97, 10,
                    new GeneratorHealth.Lag(100, 1.0, 5.0, 9.0), new GeneratorHealth.Lag(60, 0.5, 2.0, 3.0),
                    Map.of("127.0.0.1:2181", 30.0), !bound.isEmpty(), bound);
            StepFleetData fleet = new StepFleetData(SESSIONS, Map.of("disconnected", events[0], "reconnected", events[1],
                    "expired", events[2]), 0, 0, 0);
            return new StepResult(1, domains, 3L * domains, 35L * domains, SESSIONS, null, Instant.EPOCH, Instant.EPOCH,
                    new StepPhases(30, 60, 40), verdict, saturated && observable, observable, !bound.isEmpty(), health,
                    null, null, null, new MetricsCoverage(100, observable ? 100 : 10, Map.of()), null, Map.of(), null,
                    fleet, benchErrors, leaderless);
        }
    }
}
