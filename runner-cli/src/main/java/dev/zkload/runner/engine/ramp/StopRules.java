package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepVerdict;
import dev.zkload.runner.result.StopReason;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * How a finished step is judged, in this order: the runner was its bottleneck (then nothing else
 * about the step is the ensemble's), the leader saturated under the settled load, errors (a lost
 * quorum, an expiry storm among the simulated sessions, failing benchmark calls), saturation could
 * not be observed, and otherwise stable. The ramp stops on the first three and at the target.
 * ({@code cannot-add-domains} and {@code interrupted} happen before a step can finish.)
 */
final class StopRules {
    /** A step's verdict, and why the ramp stops after it, if it does. */
    record Judgement(StepVerdict verdict, Optional<Stop> stop) {}

    /** Why the ramp stops after a step, in the words summary.json and the console carry. */
    record Stop(StopReason reason, String message) {}

    /**
     * Saturn's session timeout: an ensemble without a leader for longer than this is not in a leader
     * election but has lost its quorum, and what the step measured is not the load's cost.
     */
    static final Duration LEADERLESS_LIMIT = Duration.ofSeconds(20);

    private StopRules() {}

    static Judgement judge(StepResult r, RampPlan p) {
        if (r.generatorBound()) {
            return new Judgement(
                    StepVerdict.GENERATOR_BOUND,
                    stop(
                            StopReason.GENERATOR_BOUND,
                            "the load generator was the bottleneck at %s: %s",
                            Plural.domains(r.domains()),
                            String.join("; ", r.generator().reasons())));
        }
        if (r.saturated()) {
            return new Judgement(
                    StepVerdict.SATURATED,
                    stop(
                            StopReason.SATURATED,
                            "leader outstanding requests at or above %d for %d s of settled load at %s",
                            p.outstandingThreshold(),
                            p.sustain().toSeconds(),
                            Plural.domains(r.domains())));
        }
        Optional<Stop> errors = errors(r, p);
        if (errors.isPresent()) {
            return new Judgement(StepVerdict.ERRORS, errors);
        }
        StepVerdict verdict = r.saturationObservable() ? StepVerdict.STABLE : StepVerdict.UNOBSERVABLE;
        if (r.domains() >= p.domains()) {
            return new Judgement(
                    verdict, stop(StopReason.TARGET_REACHED, "reached the target of %s", Plural.domains(r.domains())));
        }
        return new Judgement(verdict, Optional.empty());
    }

    private static Optional<Stop> errors(StepResult r, RampPlan p) {
        if (r.leaderlessSec() >= LEADERLESS_LIMIT.toSeconds()) {
            return stop(
                    StopReason.ERRORS,
                    "the ensemble lost its quorum: no leader for %.0f s during the step to %s",
                    r.leaderlessSec(),
                    Plural.domains(r.domains()));
        }
        long expired = r.fleet() == null ? 0 : r.fleet().expired();
        if (expired > p.maxExpiredSessions() * r.sessions()) {
            return stop(
                    StopReason.ERRORS,
                    "%d of %d simulated sessions expired during the step to %s (limit %.0f%%)",
                    expired,
                    r.sessions(),
                    Plural.domains(r.domains()),
                    100 * p.maxExpiredSessions());
        }
        if (r.benchErrorRate() > p.maxErrorRate()) {
            return stop(
                    StopReason.ERRORS,
                    "%.1f%% of benchmark calls failed at %s (limit %.1f%%)",
                    100 * r.benchErrorRate(),
                    Plural.domains(r.domains()),
                    100 * p.maxErrorRate());
        }
        return Optional.empty();
    }

    private static Optional<Stop> stop(StopReason reason, String format, Object... args) {
        return Optional.of(new Stop(reason, String.format(Locale.ROOT, format, args)));
    }
}
