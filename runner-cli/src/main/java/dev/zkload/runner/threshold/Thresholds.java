package dev.zkload.runner.threshold;

import dev.zkload.runner.result.ThresholdResult;
import dev.zkload.runner.result.ThresholdResult.Status;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Judges thresholds against a run's measurements. A threshold passes only on what was observed:
 * a level that was not observed (the generator was the bottleneck, the servers gave no statistics,
 * the step never ran) makes it {@code not-observed}, which fails the run like a failed threshold;
 * a value known only as a range passes only if every value in the range would.
 */
public final class Thresholds {
    private Thresholds() {}

    public static List<ThresholdResult> evaluate(List<Threshold> thresholds, Measurements measurements) {
        List<ThresholdResult> results = new ArrayList<>();
        for (Threshold t : thresholds) {
            results.add(evaluate(t, measurements.of(t)));
        }
        return results;
    }

    /** True when every result passed (also when there were none). */
    public static boolean allPassed(List<ThresholdResult> results) {
        return results.stream().allMatch(ThresholdResult::passed);
    }

    static ThresholdResult evaluate(Threshold t, List<Measurement> levels) {
        if (levels.isEmpty()) {
            return result(
                    t,
                    Status.NOT_OBSERVED,
                    null,
                    "not observed: "
                            + (t.level() == null
                                    ? "the run measured no level of it"
                                    : "the run has no step with " + t.level() + " domains"));
        }
        if (t.metric().aggregate() == Metric.Aggregate.SUM_OF_LEVELS) {
            return sum(t, levels);
        }
        List<Measurement> failing = new ArrayList<>();
        List<Measurement> undecided = new ArrayList<>();
        for (Measurement m : levels) {
            Comparison.Outcome o =
                    m.observed() ? t.comparison().judge(m.low(), m.high(), t.limit()) : Comparison.Outcome.UNDECIDED;
            if (o == Comparison.Outcome.FAILS) {
                failing.add(m);
            } else if (o == Comparison.Outcome.UNDECIDED) {
                undecided.add(m);
            }
        }
        if (!failing.isEmpty()) {
            return decided(t, Status.FAIL, worst(t, failing), levels.size());
        }
        if (!undecided.isEmpty()) {
            Measurement m = undecided.get(0);
            String where = m.where() == null ? "" : " at " + m.where();
            String detail = m.observed()
                    ? m.text(t.metric().quantity()) + where + ", which does not decide " + t.text()
                            + (m.reason() == null ? "" : " (" + m.reason() + ")")
                    : "not observed" + where + ": " + m.reason();
            return result(t, Status.NOT_OBSERVED, m, detail);
        }
        return decided(t, Status.PASS, worst(t, levels), levels.size());
    }

    private static ThresholdResult sum(Threshold t, List<Measurement> levels) {
        Optional<Measurement> missing =
                levels.stream().filter(m -> !m.observed()).findFirst();
        if (missing.isPresent()) {
            Measurement m = missing.get();
            return result(
                    t,
                    Status.NOT_OBSERVED,
                    null,
                    "not observed" + (m.where() == null ? "" : " at " + m.where()) + ": " + m.reason());
        }
        double low = levels.stream().mapToDouble(Measurement::low).sum();
        double high = levels.stream().mapToDouble(Measurement::high).sum();
        String where = levels.size() == 1 ? levels.get(0).where() : null;
        Measurement total = new Measurement(low, high, where, null);
        Comparison.Outcome o = t.comparison().judge(low, high, t.limit());
        Status status = o == Comparison.Outcome.HOLDS
                ? Status.PASS
                : o == Comparison.Outcome.FAILS ? Status.FAIL : Status.NOT_OBSERVED;
        String text = total.text(t.metric().quantity())
                + (where != null ? " at " + where : levels.size() > 1 ? " over " + levels.size() + " steps" : "");
        return result(t, status, total, text);
    }

    /** The level nearest to failing (or furthest past the limit): the value that decides. */
    private static Measurement worst(Threshold t, List<Measurement> levels) {
        Comparator<Measurement> byValue = Comparator.comparingDouble(Measurement::low);
        return t.comparison().upperLimit()
                ? levels.stream().max(byValue).orElseThrow()
                : t.comparison() == Comparison.GT || t.comparison() == Comparison.GE
                        ? levels.stream().min(byValue).orElseThrow()
                        : levels.get(0);
    }

    private static ThresholdResult decided(Threshold t, Status status, Measurement m, int levels) {
        String text = m.text(t.metric().quantity())
                + (m.where() == null ? "" : " at " + m.where())
                + (levels > 1
                        ? " (" + (status == Status.PASS ? "the closest to the limit" : "the worst") + " of " + levels
                                + ")"
                        : "")
                + (m.reason() == null ? "" : "; " + m.reason());
        return result(t, status, m, text);
    }

    private static ThresholdResult result(Threshold t, Status status, Measurement m, String detail) {
        Double value = m == null || !m.observed() ? null : m.low();
        return new ThresholdResult(
                t.text(), status, value, t.metric().quantity().baseUnit(), m == null ? null : m.where(), detail);
    }
}
