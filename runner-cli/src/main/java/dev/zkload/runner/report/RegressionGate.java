package dev.zkload.runner.report;

import dev.zkload.bench.ops.Op;
import dev.zkload.runner.result.RunKind;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code compare --max-regression}: every run against the first (the baseline), per operation, on TPS and
 * p99 at the levels both have. A gate never passes on what it could not compare: a baseline level another
 * run did not reach, a level where either run's runner was the bottleneck or was interrupted, or an
 * operation one of them did not measure fails it too, listed as not compared. {@code max-rate} runs are gated
 * on their answer, the highest rate that held.
 */
final class RegressionGate {
    private static final String MAX_RATE = "maxRate";

    private RegressionGate() {}

    /**
     * @param regressions figures worse than allowed
     * @param notCompared one sentence each: what could not be compared and why
     */
    record Outcome(double maxRegression, List<Regression> regressions, List<String> notCompared) {
        boolean passed() {
            return regressions.isEmpty() && notCompared.isEmpty();
        }
    }

    /** @param maxRegression the largest change allowed, as a fraction (0.1 = 10% worse) */
    static Outcome check(List<ComparedRun> runs, double maxRegression) {
        ComparedRun base = runs.get(0);
        List<Regression> regressions = new ArrayList<>();
        List<String> notCompared = new ArrayList<>();
        for (ComparedRun run : runs.subList(1, runs.size())) {
            answers(base, run, maxRegression, regressions, notCompared);
            if (base.kind() == RunKind.MAX_RATE) {
                // the rates a search tried are its way to the answer, not levels two runs share by design
                continue;
            }
            for (String level : base.levels().keySet()) {
                ComparedRun.Level b = base.levels().get(level);
                ComparedRun.Level r = run.levels().get(level);
                if (r == null) {
                    notCompared.add(run.label() + " has no " + level + " (the baseline's " + b.name() + ")");
                } else if (b.unjudgeable() != null || r.unjudgeable() != null) {
                    notCompared.add(run.label() + " at " + level + ": "
                            + (b.unjudgeable() != null
                                    ? "in the baseline " + b.unjudgeable()
                                    : "in this run " + r.unjudgeable()));
                } else if (!b.ops().isEmpty()) {
                    compare(base, run, level, maxRegression, regressions, notCompared);
                }
            }
        }
        return new Outcome(maxRegression, regressions, notCompared);
    }

    /** An experiment's answer ({@code max-rate}'s highest rate that held) gated like a TPS: lower is worse. */
    private static void answers(
            ComparedRun base, ComparedRun run, double max, List<Regression> regressions, List<String> notCompared) {
        Double a = base.answer().get(MAX_RATE);
        if (a == null) {
            return;
        }
        Double v = run.answer().get(MAX_RATE);
        if (v == null) {
            notCompared.add(run.label() + ": no rate held, so it has no " + MAX_RATE + " to compare");
        } else if (a > 0 && (a - v) / a > max) {
            regressions.add(new Regression(
                    run.label(), "its answer", "max-rate", "(the highest rate that held)", a, v, (a - v) / a));
        }
    }

    private static void compare(
            ComparedRun base,
            ComparedRun run,
            String level,
            double max,
            List<Regression> regressions,
            List<String> notCompared) {
        for (Op op : Op.values()) {
            for (OpMetric metric : OpMetric.GATED) {
                Double a = CompareTables.value(base, level, op, metric);
                Double v = CompareTables.value(run, level, op, metric);
                if (a == null) {
                    continue;
                }
                if (v == null) {
                    notCompared.add(run.label() + " at " + level + ": " + op.jsonName() + " " + metric.name()
                            + " was not measured");
                    continue;
                }
                if (a <= 0) {
                    continue;
                }
                double change = metric.higherIsBetter() ? (a - v) / a : (v - a) / a;
                if (change > max) {
                    regressions.add(new Regression(run.label(), level, op.jsonName(), metric.name(), a, v, change));
                }
            }
        }
    }
}
