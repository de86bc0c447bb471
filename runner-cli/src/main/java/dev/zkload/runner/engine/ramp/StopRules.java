package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.engine.resources.BusyHost;
import dev.zkload.runner.result.Saturation;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepVerdict;
import dev.zkload.runner.result.StopReason;
import dev.zkload.runner.text.Plural;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How a finished step is judged, whatever phase (registration, settle, measurement) a fault hit, in
 * this order: the runner was its bottleneck on its own clock, CPU or GC (then nothing else about the
 * step is the ensemble's) — or, when it was only late on a machine others kept busy ({@link BusyHost}), the machine
 * was —, unless the ensemble failed in the step and strained it ({@link FaultBeforeRunner}); errors (a lost quorum,
 * an expiry storm among the simulated sessions, benchmark calls failing with no ensemble event to explain them); the
 * ensemble was disturbed (the servers told of a fault, or other clients met one that neither a busy machine nor the
 * runner explains: {@link Disturbances}); the machine too busy to measure what the step saw (sessions cut, the
 * domains' work short); the leader saturated under the settled load; saturation could not be observed; and
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
     * A server that does not answer the sampler for this long is named among a step's events: a GC pause of the
     * runner or a busy moment misses a round or two, not five in a row. It is a fault only beside another client's
     * trouble ({@link Disturbances}): a machine busy enough delays every answer longer than this.
     */
    static final Duration UNRESPONSIVE_LIMIT = Duration.ofSeconds(5);

    private StopRules() {}

    static Judgement judge(StepResult r, RampPlan p) {
        Optional<BusyHost> busy = BusyHost.during(r);
        Disturbances d = Disturbances.of(r);
        // a fault that strained the runner decides over the strain (FaultBeforeRunner)
        boolean fault = d.fault(busy.isPresent());
        if (r.generatorBound() && !fault) {
            // late on its own clock on a machine others kept busy: the machine, not the runner
            Optional<BusyHost> settled = BusyHost.settled(r);
            if (settled.isPresent() && r.generator().lateOnly()) {
                return hostBusy(r, settled.get(), r.generator().reasons());
            }
            return new Judgement(
                    StepVerdict.GENERATOR_BOUND,
                    stop(
                            StopReason.GENERATOR_BOUND,
                            "the load generator was the bottleneck at %s: %s",
                            Plural.domains(r.domains()),
                            String.join("; ", r.generator().reasons())));
        }
        Optional<Stop> errors = errors(r, p, d.words().isEmpty());
        if (errors.isPresent()) {
            // sessions expired or calls failed with no server telling of a fault: a starved machine does that too
            if (busy.isPresent() && !d.told() && r.leaderlessSec() < LEADERLESS_LIMIT.toSeconds()) {
                return hostBusy(r, busy.get(), List.of(errors.get().message()));
            }
            return new Judgement(StepVerdict.ERRORS, errors);
        }
        if (fault) {
            return new Judgement(
                    StepVerdict.DISTURBED,
                    stop(
                            StopReason.DISTURBED,
                            "at %s the ensemble was disturbed: %s%s",
                            Plural.domains(r.domains()),
                            String.join("; ", d.words()),
                            r.generatorBound() ? FaultBeforeRunner.strain(r) : ""));
        }
        if (d.seen() && busy.isPresent()) {
            return hostBusy(r, busy.get(), d.words());
        }
        if (r.saturated()) {
            List<String> silences = d.silences();
            String meanwhile = silences.isEmpty() ? "" : "; meanwhile " + String.join("; ", silences);
            Saturation how = r.saturation();
            Optional<BusyHost> settled = BusyHost.settled(r);
            if (how != null && how.rule() == Saturation.Rule.SHORTFALL && settled.isPresent()) {
                // fires not done in time on a starved machine: the runner ran them late as much as any server
                return hostBusy(
                        r,
                        settled.get(),
                        List.of(String.format(
                                Locale.ROOT,
                                "only %.0f%% of the %d job fires due were delivered",
                                100 * r.delivered().share(),
                                r.delivered().firesDue())));
            }
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
     * The step judged {@code host-busy}: what it saw, which the starved machine explains.
     *
     * @param saw what would have been taken for the runner's limit, a throttle or a fault, in words
     */
    private static Judgement hostBusy(StepResult r, BusyHost busy, List<String> saw) {
        return new Judgement(
                StepVerdict.HOST_BUSY,
                stop(
                        StopReason.HOST_BUSY,
                        "at %s %s; a machine that busy starves the runner and the servers alike, which explains what"
                                + " the step saw (%s)",
                        Plural.domains(r.domains()),
                        busy.headline(),
                        String.join("; ", saw)));
    }

    /** The step's events in words, as its console line and a disturbed verdict give them. */
    static List<String> disturbances(StepResult r) {
        return Disturbances.of(r).words();
    }

    private static Optional<Stop> stop(StopReason reason, String format, Object... args) {
        return Optional.of(new Stop(reason, String.format(Locale.ROOT, format, args)));
    }
}
