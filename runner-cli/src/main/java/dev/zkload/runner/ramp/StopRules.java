package dev.zkload.runner.ramp;

import java.util.Optional;

/**
 * The rules a finished step is judged by, in this order: saturation (the leader's outstanding
 * requests stayed at or above the threshold for the sustain time), a lost quorum (no leader for
 * longer than {@link #LEADERLESS_LIMIT}), an expiry storm among the simulated sessions, a benchmark
 * error rate above the limit, and the target reached.
 * ({@code cannot-add-domains} and {@code interrupted} happen before a step can finish.)
 */
final class StopRules {
    /** Why the ramp stops after a step, in the words summary.json and the console carry. */
    record Stop(StopReason reason, String message) {
    }

    /**
     * Saturn's session timeout: an ensemble without a leader for longer than this is not in a leader
     * election but has lost its quorum, and what the step measured is not the load's cost.
     */
    static final java.time.Duration LEADERLESS_LIMIT = java.time.Duration.ofSeconds(20);

    private StopRules() {
    }

    static Optional<Stop> judge(StepResult r, RampOptions o) {
        if (r.saturated()) {
            return stop(StopReason.SATURATED, "leader outstanding requests at or above %d for %d s at %d domains",
                    o.outstandingThreshold, o.sustain.toSeconds(), r.domains());
        }
        if (r.leaderlessSec() >= LEADERLESS_LIMIT.toSeconds()) {
            return stop(StopReason.ERRORS, "the ensemble lost its quorum: no leader for %.0f s during the step to %d"
                    + " domains", r.leaderlessSec(), r.domains());
        }
        long expired = r.fleet() == null ? 0 : r.fleet().expired();
        if (expired > o.maxExpiredSessions * r.sessions()) {
            return stop(StopReason.ERRORS, "%d of %d simulated sessions expired during the step to %d domains"
                    + " (limit %.0f%%)", expired, r.sessions(), r.domains(), 100 * o.maxExpiredSessions);
        }
        if (r.benchErrorRate() > o.maxErrorRate) {
            return stop(StopReason.ERRORS, "%.1f%% of benchmark calls failed at %d domains (limit %.1f%%)",
                    100 * r.benchErrorRate(), r.domains(), 100 * o.maxErrorRate);
        }
        if (r.domains() >= o.domains) {
            return stop(StopReason.TARGET_REACHED, "reached %d domains below saturation", r.domains());
        }
        return Optional.empty();
    }

    private static Optional<Stop> stop(StopReason reason, String format, Object... args) {
        return Optional.of(new Stop(reason, String.format(java.util.Locale.ROOT, format, args)));
    }
}
