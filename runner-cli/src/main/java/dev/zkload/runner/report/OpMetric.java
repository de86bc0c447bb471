package dev.zkload.runner.report;

import dev.zkload.runner.result.OpLatency;
import java.util.List;
import java.util.function.Function;

/**
 * A per-operation figure that {@code compare} sets side by side and may gate on.
 *
 * @param name           as tables and charts title it
 * @param axis           the chart's value axis
 * @param higherIsBetter TPS: a drop is the regression; latencies: a rise is
 * @param decimals       shown
 * @param value          its value for an operation; null when unknown
 */
record OpMetric(String name, String axis, boolean higherIsBetter, int decimals, Function<OpLatency, Double> value) {
    static final OpMetric TPS = new OpMetric("TPS", "operations per second", true, 0, OpLatency::opsPerSec);
    static final OpMetric P50 = percentile(50);
    static final OpMetric P99 = percentile(99);
    static final OpMetric P999 = percentile(99.9);

    /** Side by side in compare.md, in this order. */
    static final List<OpMetric> ALL = List.of(TPS, P50, P99, P999);
    /** What {@code --max-regression} gates on: throughput and the tail latency. */
    static final List<OpMetric> GATED = List.of(TPS, P99);

    private static OpMetric percentile(double p) {
        String name = "p" + Numbers.decimal(p, 3);
        return new OpMetric(name, name + " latency (ms)", false, 2, op -> op.percentileMs(p));
    }

    /** Short name for files: {@code tps}, {@code p99.9}. */
    String fileName() {
        return name.toLowerCase(java.util.Locale.ROOT);
    }
}
