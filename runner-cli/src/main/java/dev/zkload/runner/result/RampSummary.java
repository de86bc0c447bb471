package dev.zkload.runner.result;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code summary.json}, written last (also on Ctrl-C).
 *
 * @param schemaVersion           {@link ResultFiles#SCHEMA_VERSION} of the zkload that wrote it
 * @param maxStableDomains        the most domains of a step observed stable (below saturation, the runner not
 *                                its bottleneck, no errors); null when no step was
 * @param saturatedAtDomains      the domains of the step that saturated, or null
 * @param generatorBoundAtDomains the domains of the step at which the runner was the bottleneck, or null
 * @param stopReason              why the ramp ended
 * @param saturationObservable    every load step's saturation could be judged (false with
 *                                {@code --no-server-metrics}, or when a server's statistics went missing)
 * @param verdict                 the answer in one sentence, qualified where it must be
 * @param qualifications          what limits the verdict: unobservable steps, the generator's limit, …
 * @param interrupted             true when Ctrl-C or SIGTERM ended it
 * @param steps                   steps written to steps.jsonl, the baseline included
 * @param message                 why it stopped, one sentence
 * @param thresholds              every {@code --threshold}, judged (empty when none was given, or in a shard's own
 *                                folder: the merge judges them)
 * @param refinement              how the ramp narrowed its answer between the grid's steps by bisection; null when
 *                                it did not refine (no saturation, {@code --resolution 0}, a grid within it,
 *                                shards)
 * @param marginal                what makes the answer marginal, in words (a last stable step within 20% below the
 *                                outstanding threshold, a saturation met only barely); empty when it is clear
 * @param limitedBy               the resource that ran out at the saturated step (or the runner, at a generator-bound
 *                                one; this machine, at a host-busy one), with the figures that decided it; null when nothing was found to run out (the
 *                                target reached, a fault, errors), and in results written before it was recorded
 * @param hostNoisePercent        the most of this machine's cores that processes other than zkload and its servers, and
 *                                the hypervisor, took in any load step's settled load, %; null when not observed
 * @param elections               the steps in which the ensemble elected a leader or went without one, with the
 *                                leader after; empty when none did
 */
public record RampSummary(
        int schemaVersion,
        Integer maxStableDomains,
        Integer saturatedAtDomains,
        Integer generatorBoundAtDomains,
        StopReason stopReason,
        boolean saturationObservable,
        String verdict,
        List<String> qualifications,
        boolean interrupted,
        Instant endTime,
        int steps,
        String message,
        List<ThresholdResult> thresholds,
        RefinementSummary refinement,
        List<String> marginal,
        LimitedBy limitedBy,
        Double hostNoisePercent,
        List<Election> elections) {

    public RampSummary {
        qualifications = qualifications == null ? List.of() : List.copyOf(qualifications);
        thresholds = thresholds == null ? List.of() : List.copyOf(thresholds);
        marginal = marginal == null ? List.of() : List.copyOf(marginal);
        elections = elections == null ? List.of() : List.copyOf(elections);
    }

    /** This summary with {@code first} before its own qualifications: what the ramp knows beyond its steps. */
    public RampSummary qualifiedFirstBy(List<String> first) {
        if (first.isEmpty()) {
            return this;
        }
        List<String> all = new ArrayList<>(first);
        all.addAll(qualifications);
        return new RampSummary(
                schemaVersion,
                maxStableDomains,
                saturatedAtDomains,
                generatorBoundAtDomains,
                stopReason,
                saturationObservable,
                verdict,
                all,
                interrupted,
                endTime,
                steps,
                message,
                thresholds,
                refinement,
                marginal,
                limitedBy,
                hostNoisePercent,
                elections);
    }

    public RampSummary withThresholds(List<ThresholdResult> judged) {
        return new RampSummary(
                schemaVersion,
                maxStableDomains,
                saturatedAtDomains,
                generatorBoundAtDomains,
                stopReason,
                saturationObservable,
                verdict,
                qualifications,
                interrupted,
                endTime,
                steps,
                message,
                judged,
                refinement,
                marginal,
                limitedBy,
                hostNoisePercent,
                elections);
    }
}
