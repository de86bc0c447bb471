package dev.zkload.runner.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StopRulesTest {
    private static final long SESSIONS = 500;

    @Test
    void aCalmStepBelowTheTargetGoesOn() {
        assertThat(StopRules.judge(step(100, false, events(3, 3, 0), 0.0), options())).isEmpty();
    }

    @Test
    void saturationComesFirst() {
        StopRules.Stop stop = StopRules.judge(step(100, true, events(0, 0, 400), 0.5), options()).orElseThrow();
        assertThat(stop.reason()).isEqualTo(StopReason.SATURATED);
        assertThat(stop.message()).isEqualTo("leader outstanding requests at or above 300 for 60 s at 100 domains");
    }

    @Test
    void anExpiryStormStopsTheRampWithErrors() {
        // 5% of 500 sessions is 25: 25 expiries are tolerated, 26 are a storm
        assertThat(StopRules.judge(step(100, false, events(25, 25, 25), 0.0), options())).isEmpty();
        StopRules.Stop stop = StopRules.judge(step(100, false, events(26, 26, 26), 0.0), options()).orElseThrow();
        assertThat(stop.reason()).isEqualTo(StopReason.ERRORS);
        assertThat(stop.message()).isEqualTo("26 of 500 simulated sessions expired during the step to 100 domains (limit 5%)");
    }

    @Test
    void disconnectsAloneAreNoStorm() {
        assertThat(StopRules.judge(step(100, false, events(500, 500, 0), 0.0), options())).isEmpty();
    }

    @Test
    void aBenchmarkErrorRateAboveTheLimitStopsTheRamp() {
        StopRules.Stop stop = StopRules.judge(step(100, false, events(0, 0, 0), 0.02), options()).orElseThrow();
        assertThat(stop.reason()).isEqualTo(StopReason.ERRORS);
        assertThat(stop.message()).startsWith("2.0% of benchmark calls failed at 100 domains");
    }

    @Test
    void anElectionIsNoErrorButALostQuorumIs() {
        // a leader killed mid-step: the others elect a new one within seconds, and the ramp goes on
        assertThat(StopRules.judge(step(100, false, events(5, 5, 0), 0.0, 3.0), options())).isEmpty();
        StopRules.Stop stop = StopRules.judge(step(700, false, events(500, 0, 0), 0.0, 20.0), options()).orElseThrow();
        assertThat(stop.reason()).as("before the target rule").isEqualTo(StopReason.ERRORS);
        assertThat(stop.message()).isEqualTo("the ensemble lost its quorum: no leader for 20 s during the step to 700 domains");
    }

    @Test
    void theTargetReachedEndsACalmRamp() {
        StopRules.Stop stop = StopRules.judge(step(700, false, events(0, 0, 0), 0.0), options()).orElseThrow();
        assertThat(stop.reason()).isEqualTo(StopReason.TARGET_REACHED);
    }

    private static RampOptions options() {
        RampOptions o = new RampOptions();
        o.domains = 700;
        o.step = 100;
        o.outstandingThreshold = 300;
        o.sustain = Duration.ofSeconds(60);
        o.maxErrorRate = 0.01;
        o.maxExpiredSessions = 0.05;
        return o;
    }

    private static StepFleetData events(long disconnected, long reconnected, long expired) {
        return new StepFleetData(SESSIONS, Map.of("disconnected", disconnected, "reconnected", reconnected, "expired", expired),
                0, 0, 0);
    }

    private static StepResult step(int domains, boolean saturated, StepFleetData fleet, double benchErrorRate) {
        return step(domains, saturated, fleet, benchErrorRate, 0.0);
    }

    private static StepResult step(int domains, boolean saturated, StepFleetData fleet, double benchErrorRate,
            double leaderlessSec) {
        return new StepResult(1, domains, 3L * domains, 35L * domains, SESSIONS, Instant.EPOCH, Instant.EPOCH, null, null,
                Map.of(), null, fleet, benchErrorRate, saturated, leaderlessSec, null);
    }
}
