package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether the answer lies close to the saturation line, where a second run could fall on the other
 * side of it: the last stable step's leader averaged within {@value #PERCENT}% below the outstanding
 * threshold over its settled load, or the saturated step's leader averaged less than {@value #PERCENT}%
 * above it. The latter is "barely": the rule (the threshold held for 90% of the sustain time, or on average) was met,
 * yet the queue sat so near the threshold that a slightly lighter load or a calmer moment might not
 * have met it. The average, not the maximum, because one burst says little about where the load sits.
 */
final class Marginal {
    static final int PERCENT = 20;

    private Marginal() {}

    /** The sentences saying what is marginal; empty when neither end of the answer is. */
    static List<String> of(List<StepResult> load, Integer maxStable, Integer saturatedAt, long threshold) {
        List<String> m = new ArrayList<>();
        if (threshold <= 0) {
            return m;
        }
        step(load, StepVerdict.STABLE, maxStable)
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
        step(load, StepVerdict.SATURATED, saturatedAt)
                .filter(avg -> avg < threshold * (1 + PERCENT / 100.0))
                .ifPresent(avg -> m.add(String.format(
                        Locale.ROOT,
                        "the saturation at %s was met only barely: its leader averaged %.0f outstanding requests,"
                                + " less than %d%% above the threshold of %d",
                        Plural.domains(saturatedAt),
                        avg,
                        PERCENT,
                        threshold)));
        return m;
    }

    /** The leader's outstanding average over the settled load of the last step with this verdict and count. */
    private static Optional<Double> step(List<StepResult> load, StepVerdict verdict, Integer domains) {
        Double avg = null;
        for (StepResult s : load) {
            if (domains != null && s.verdict() == verdict && s.domains() == domains && s.server() != null) {
                avg = s.server().outstandingAvg();
            }
        }
        return Optional.ofNullable(avg);
    }
}
