package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.result.EnsembleEvents;
import dev.zkload.runner.result.Saturation;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepVerdict;
import dev.zkload.runner.result.StopReason;
import dev.zkload.runner.text.Plural;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How a finished step is judged, whatever phase (registration, settle, measurement) a fault hit, in
 * this order: the runner was its bottleneck on its own clock, CPU or GC (then nothing else about the
 * step is the ensemble's), unless the ensemble failed in the step and strained it ({@link
 * FaultBeforeRunner}); errors (a lost quorum, an expiry storm among the simulated sessions,
 * benchmark calls failing with no ensemble event to explain them); the ensemble was disturbed (a new
 * leader, a server that stopped answering, sessions cut: the step measured a fault, not the load's
 * cost); the leader saturated under the settled load; saturation could not be observed; and
 * otherwise stable. The ramp stops on all but the last two, and at the target. ({@code
 * cannot-add-domains} and {@code interrupted} happen before a step can finish, or, for a step judged
 * at the domains its add registered in time, after it.)
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

    /**
     * A server that does not answer the sampler for this long is stalled, not slow: a GC pause of the
     * runner or a busy moment misses a round or two, not five in a row.
     */
    static final Duration UNRESPONSIVE_LIMIT = Duration.ofSeconds(5);

    private StopRules() {}

    static Judgement judge(StepResult r, RampPlan p) {
        // a fault that strained the runner decides over the strain (FaultBeforeRunner); a saturated leader slow to
        // answer the sampler is no fault
        boolean faultFirst = FaultBeforeRunner.applies(r) && !(r.saturated() && silencesOnly(r));
        if (r.generatorBound() && !faultFirst) {
            return new Judgement(
                    StepVerdict.GENERATOR_BOUND,
                    stop(
                            StopReason.GENERATOR_BOUND,
                            "the load generator was the bottleneck at %s: %s",
                            Plural.domains(r.domains()),
                            String.join("; ", r.generator().reasons())));
        }
        List<String> disturbances = disturbances(r);
        Optional<Stop> errors = errors(r, p, disturbances.isEmpty());
        if (errors.isPresent()) {
            return new Judgement(StepVerdict.ERRORS, errors);
        }
        // a saturated leader may answer the sampler late: servers slow to answer alone do not hide its saturation
        if (!disturbances.isEmpty() && !(r.saturated() && silencesOnly(r))) {
            return new Judgement(
                    StepVerdict.DISTURBED,
                    stop(
                            StopReason.DISTURBED,
                            "at %s the ensemble was disturbed: %s%s",
                            Plural.domains(r.domains()),
                            String.join("; ", disturbances),
                            faultFirst ? FaultBeforeRunner.strain(r) : ""));
        }
        if (r.saturated()) {
            String meanwhile = disturbances.isEmpty() ? "" : "; meanwhile " + String.join("; ", disturbances);
            Saturation how = r.saturation();
            if (how != null && how.rule() == Saturation.Rule.SHORTFALL) {
                return new Judgement(
                        StepVerdict.SATURATED,
                        stop(
                                StopReason.SATURATED,
                                "the domains' work fell short at %s: %.0f%% of the %d job fires due were delivered"
                                        + " while the leader's outstanding requests averaged %.0f, under %d%s",
                                Plural.domains(r.domains()),
                                100 * r.delivered().share(),
                                r.delivered().firesDue(),
                                how.mean(),
                                p.outstandingThreshold(),
                                meanwhile));
            }
            if (how != null && how.rule() == Saturation.Rule.AVERAGED) {
                return new Judgement(
                        StepVerdict.SATURATED,
                        stop(
                                StopReason.SATURATED,
                                "leader outstanding requests averaged %.0f, at or above %d, over %d s of settled load"
                                        + " at %s (under it in %.0f%% of the samples: a queue swinging above the line)%s",
                                how.judgedMean(),
                                p.outstandingThreshold(),
                                p.sustain().toSeconds(),
                                Plural.domains(r.domains()),
                                100 * (1 - how.aboveShare()),
                                meanwhile));
            }
            return new Judgement(
                    StepVerdict.SATURATED,
                    stop(
                            StopReason.SATURATED,
                            "leader outstanding requests at or above %d for %d s of settled load at %s%s",
                            p.outstandingThreshold(),
                            p.sustain().toSeconds(),
                            Plural.domains(r.domains()),
                            meanwhile));
        }
        StepVerdict verdict = r.saturationObservable() ? StepVerdict.STABLE : StepVerdict.UNOBSERVABLE;
        if (r.domains() >= p.domains()) {
            return new Judgement(
                    verdict, stop(StopReason.TARGET_REACHED, "reached the target of %s", Plural.domains(r.domains())));
        }
        return new Judgement(verdict, Optional.empty());
    }

    /** @param unexplained no ensemble event happened in the step: failing benchmark calls are then errors of their own */
    private static Optional<Stop> errors(StepResult r, RampPlan p, boolean unexplained) {
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
        if (unexplained && r.benchErrorRate() > p.maxErrorRate()) {
            return stop(
                    StopReason.ERRORS,
                    "%.1f%% of benchmark calls failed at %s (limit %.1f%%)",
                    100 * r.benchErrorRate(),
                    Plural.domains(r.domains()),
                    100 * p.maxErrorRate());
        }
        return Optional.empty();
    }

    /**
     * The ensemble events that disturbed the step, in words ("the leader changed (2.1 s without a
     * leader)", "server 127.0.0.1:2183 did not answer for 20 s", "4 disconnections and 0 expiries
     * among 10 simulated sessions"); empty when it saw none.
     */
    static List<String> disturbances(StepResult r) {
        EnsembleEvents e = r.ensembleEvents();
        List<String> d = new ArrayList<>();
        if (e == null) {
            return d;
        }
        if (e.leaderChanges() > 0) {
            d.add(String.format(
                    Locale.ROOT,
                    "the leader changed%s (%s)",
                    e.leaderChanges() == 1 ? "" : " " + e.leaderChanges() + " times",
                    e.leaderlessSec() < 0.1
                            ? "elected between two sampling rounds"
                            : String.format(Locale.ROOT, "%.1f s without a leader", e.leaderlessSec())));
        } else if (e.leaderlessSec() > 0) {
            d.add(String.format(Locale.ROOT, "no leader for %.1f s", e.leaderlessSec()));
        }
        e.unresponsiveSec().forEach((server, sec) -> {
            if (sec >= UNRESPONSIVE_LIMIT.toSeconds()) {
                d.add(String.format(Locale.ROOT, "server %s did not answer for %.0f s", server, sec));
            }
        });
        if (e.sessionsDisconnected() > 0 || e.sessionsExpired() > 0) {
            d.add(Plural.of(e.sessionsDisconnected(), "disconnection") + " and "
                    + (e.sessionsExpired() == 1 ? "1 expiry" : e.sessionsExpired() + " expiries") + " among "
                    + Plural.of(r.sessions(), "simulated session"));
        }
        if (!d.isEmpty() && r.benchErrorRate() > 0) {
            d.add(String.format(Locale.ROOT, "%.1f%% of benchmark calls failed", 100 * r.benchErrorRate()));
        }
        return d;
    }

    /** The step's only events are servers that answered the sampler late: no election, no session cut. */
    private static boolean silencesOnly(StepResult r) {
        EnsembleEvents e = r.ensembleEvents();
        return e != null
                && e.leaderChanges() == 0
                && e.leaderlessSec() == 0
                && e.sessionsDisconnected() == 0
                && e.sessionsExpired() == 0;
    }

    private static Optional<Stop> stop(StopReason reason, String format, Object... args) {
        return Optional.of(new Stop(reason, String.format(Locale.ROOT, format, args)));
    }
}
