package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.engine.resources.HostNoise;
import dev.zkload.runner.engine.resources.LimitingResource;
import dev.zkload.runner.result.Election;
import dev.zkload.runner.result.LimitedBy;
import dev.zkload.runner.result.RampSummary;
import dev.zkload.runner.result.RefinementSummary;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.Saturation;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepVerdict;
import dev.zkload.runner.result.StopReason;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Turns the finished steps and the reason the ramp stopped into the one answer a user acts on: decides the
 * {@link Verdict} (the most domains observed stable, what ran out, what could not be observed, and the
 * {@link Qualification}s it rests on, from {@link Qualifications}), then has {@link VerdictSentence} and each
 * qualification word it into the {@code RampSummary}.
 */
final class CapacityVerdict {
    private CapacityVerdict() {}

    static RampSummary summarize(
            StopReason reason, String message, List<StepResult> steps, RampPlan plan, boolean embedded) {
        return summarize(reason, message, steps, plan, embedded, null);
    }

    /** @param refinement the bisection that narrowed a saturated grid's answer; null when there was none */
    static RampSummary summarize(
            StopReason reason,
            String message,
            List<StepResult> steps,
            RampPlan plan,
            boolean embedded,
            RefinementSummary refinement) {
        Verdict v = decide(reason, message, steps, plan, embedded, refinement);
        return new RampSummary(
                ResultFiles.SCHEMA_VERSION,
                v.maxStable(),
                v.saturatedAt(),
                v.boundAt(),
                reason,
                v.observable(),
                VerdictSentence.of(v),
                v.qualifications().stream().map(Qualification::sentence).toList(),
                reason == StopReason.INTERRUPTED,
                Instant.now(),
                steps.size(),
                message,
                List.of(),
                refinement,
                v.marginal(),
                v.limitedBy(),
                v.hostNoisePercent(),
                Election.of(load(steps)));
    }

    /**
     * The answer as data: the counts, whether saturation was observable, the step it is about and what ran out, and
     * what it rests on.
     */
    static Verdict decide(
            StopReason reason,
            String message,
            List<StepResult> steps,
            RampPlan plan,
            boolean embedded,
            RefinementSummary refinement) {
        List<StepResult> load = load(steps);
        Integer maxStable = load.stream()
                .filter(s -> s.verdict() == StepVerdict.STABLE)
                .map(StepResult::domains)
                .max(Integer::compare)
                .orElse(null);
        Integer saturatedAt = last(load, StepVerdict.SATURATED);
        Integer boundAt = last(load, StepVerdict.GENERATOR_BOUND);
        // a server that refused the load's connections, or a fault, kept the step from the load it was to judge:
        // whichever phase the fault hit, and whether or not the leader's statistics went unanswered meanwhile
        boolean observable = plan.serverMetrics()
                && load.stream().allMatch(StepResult::saturationObservable)
                && reason != StopReason.SERVER_REFUSED_CONNECTIONS
                && reason != StopReason.DISTURBED;
        StepResult limitStep =
                switch (reason) {
                    case GENERATOR_BOUND ->
                        at(load, StepVerdict.GENERATOR_BOUND, boundAt).orElse(null);
                    case HOST_BUSY ->
                        at(load, StepVerdict.HOST_BUSY, last(load, StepVerdict.HOST_BUSY))
                                .orElse(null);
                    // the answer is not about one step's limit: a target, a fault, errors, a refusal, Ctrl-C
                    case TARGET_REACHED,
                            SATURATED,
                            CANNOT_ADD_DOMAINS,
                            SERVER_REFUSED_CONNECTIONS,
                            ERRORS,
                            DISTURBED,
                            INTERRUPTED -> null;
                };
        LimitedBy limitedBy =
                switch (reason) {
                    case SATURATED ->
                        at(load, StepVerdict.SATURATED, saturatedAt)
                                .map(s -> LimitingResource.of(
                                        s,
                                        baseline(steps),
                                        at(load, StepVerdict.STABLE, maxStable).orElse(null)))
                                .orElse(null);
                    case GENERATOR_BOUND -> limitStep == null ? null : LimitingResource.runner(limitStep);
                    case HOST_BUSY -> limitStep == null ? null : LimitingResource.busyHost(limitStep, baseline(steps));
                    // nothing ran out: the target was reached, or a fault, errors, a refusal or Ctrl-C stopped it
                    case TARGET_REACHED,
                            CANNOT_ADD_DOMAINS,
                            SERVER_REFUSED_CONNECTIONS,
                            ERRORS,
                            DISTURBED,
                            INTERRUPTED -> null;
                };
        // the last generator-bound step's own saturation, which the runner's limit keeps from counting
        Saturation saturatedToo = load.stream()
                .filter(s -> s.verdict() == StepVerdict.GENERATOR_BOUND)
                .reduce((a, b) -> b)
                .map(StepResult::saturation)
                .orElse(null);
        HostNoise noise = HostNoise.of(load);
        List<Qualification> qualifications = Qualifications.of(
                steps, load, plan, embedded, refinement, at(load, StepVerdict.STABLE, maxStable), noise);
        return new Verdict(
                reason,
                message,
                plan.domains(),
                plan.yourDomains(),
                maxStable,
                saturatedAt,
                boundAt,
                observable,
                refinement,
                limitStep,
                saturatedToo,
                plan.outstandingThreshold(),
                limitedBy,
                Marginal.of(load, maxStable, saturatedAt, plan.outstandingThreshold()),
                embedded,
                qualifications,
                noise.worstPercent());
    }

    /** The load steps: every step but the baseline. */
    private static List<StepResult> load(List<StepResult> steps) {
        return steps.stream().filter(s -> s.step() > 0).toList();
    }

    /** The last step with this verdict at this count; empty when there is none. */
    private static Optional<StepResult> at(List<StepResult> load, StepVerdict verdict, Integer domains) {
        StepResult found = null;
        for (StepResult s : load) {
            if (domains != null && s.verdict() == verdict && s.domains() == domains) {
                found = s;
            }
        }
        return Optional.ofNullable(found);
    }

    private static StepResult baseline(List<StepResult> steps) {
        return steps.stream().filter(s -> s.step() == 0).findFirst().orElse(null);
    }

    private static Integer last(List<StepResult> steps, StepVerdict verdict) {
        Integer found = null;
        for (StepResult s : steps) {
            if (s.verdict() == verdict) {
                found = s.domains();
            }
        }
        return found;
    }
}
