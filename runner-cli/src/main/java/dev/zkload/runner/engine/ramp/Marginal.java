package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.engine.resources.LimitingResource;
import dev.zkload.runner.result.Saturation;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepVerdict;
import dev.zkload.runner.text.Plural;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether the answer lies close to the saturation line, where a second run could fall on the other
 * side of it: the last stable step's leader averaged within {@value #PERCENT}% below the outstanding
 * threshold over its settled load, or the saturated step's leader averaged less than {@value #PERCENT}%
 * above it over the window that met the rule, each sample counted up to twice the threshold as the rule
 * counts it (one burst's thousands would lift a plain mean far above a window that sat at the line). The
 * latter is "barely": the rule (the threshold held for 90% of the sustain time, or on average) was met,
 * yet the queue sat so near the threshold that a slightly lighter load or a calmer moment might not have
 * met it. The average, not the maximum, because one burst says little about where the load sits; the
 * saturated step's over the rule's window, not its whole settled load, because a queue that grew during
 * the step saturates at its end: averaged over the step it reads as under the threshold, which is no
 * measure of how near the rule it was.
 */
final class Marginal {
    static final int PERCENT = 20;
    /** A shortfall this close under the delivered line (a share of the fires due) is slight. */
    static final double SLIGHT_SHORTFALL = 0.05;

    private Marginal() {}

    /** The sentences saying what is marginal; empty when neither end of the answer is. */
    static List<String> of(List<StepResult> load, Integer maxStable, Integer saturatedAt, long threshold) {
        List<String> m = new ArrayList<>();
        if (threshold <= 0) {
            return m;
        }
        last(load, StepVerdict.STABLE, maxStable)
                .map(s -> s.server().outstandingAvg())
                .filter(avg -> avg >= threshold * (1 - PERCENT / 100.0))
                .ifPresent(avg -> m.add(String.format(
                        Locale.ROOT,
                        "the last stable step (%s) averaged %.0f leader outstanding requests, %s the threshold of %d",
                        Plural.domains(maxStable),
                        avg,
                        avg < threshold
                                ? "within " + PERCENT + "% below"
                                : "at or above (in bursts too short to count as saturation)",
                        threshold)));
        Optional<StepResult> saturated = last(load, StepVerdict.SATURATED, saturatedAt);
        saturated
                .filter(s -> s.saturation() != null && s.saturation().rule() == Saturation.Rule.SHORTFALL)
                .map(StepResult::delivered)
                .filter(d -> d.share() != null && d.share() >= LimitingResource.DELIVERED - SLIGHT_SHORTFALL)
                .ifPresent(d -> m.add(String.format(
                        Locale.ROOT,
                        "the domains' work at %s fell short only slightly: %.0f%% of the job fires due were delivered,"
                                + " against the line of %.0f%%",
                        Plural.domains(saturatedAt),
                        100 * d.share(),
                        100 * LimitingResource.DELIVERED)));
        saturated
                .map(StepResult::saturation)
                .filter(how -> how.rule() != Saturation.Rule.SHORTFALL)
                .filter(how -> how.judgedMean() < threshold * (1 + PERCENT / 100.0))
                .ifPresent(how -> m.add(String.format(
                        Locale.ROOT,
                        "the saturation at %s was met only barely: over the window that met the rule, its leader"
                                + " %s",
                        Plural.domains(saturatedAt),
                        how.judgedMean() < threshold
                                ? String.format(
                                        Locale.ROOT,
                                        "was at or above the threshold of %d in %d%% of the samples but averaged %.0f"
                                                + " outstanding requests, under it%s",
                                        threshold,
                                        Math.round(100 * how.aboveShare()),
                                        how.judgedMean(),
                                        burst(how, threshold))
                                : String.format(
                                        Locale.ROOT,
                                        "averaged %.0f outstanding requests%s, less than %d%% above the threshold of %d",
                                        how.judgedMean(),
                                        burst(how, threshold),
                                        PERCENT,
                                        threshold))));
        return m;
    }

    /**
     * Where a burst lifted the window's plain mean above the one judged, both, so the reader sees why a window
     * with a high plain mean is still "barely"; nothing otherwise.
     */
    private static String burst(Saturation how, long threshold) {
        return how.mean() - how.judgedMean() < 0.5
                ? ""
                : String.format(
                        Locale.ROOT,
                        " (each sample counted up to %d; %.0f with its bursts counted whole)",
                        2 * threshold,
                        how.mean());
    }

    /** The last step with this verdict and count that carries the servers' data. */
    private static Optional<StepResult> last(List<StepResult> load, StepVerdict verdict, Integer domains) {
        StepResult last = null;
        for (StepResult s : load) {
            if (domains != null && s.verdict() == verdict && s.domains() == domains && s.server() != null) {
                last = s;
            }
        }
        return Optional.ofNullable(last);
    }
}
