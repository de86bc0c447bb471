package dev.zkload.runner.threshold;

import dev.zkload.runner.result.OpLatency;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The benchmark metrics of one operation, as the ramp and {@code latency} share them. */
final class OpValues {
    private OpValues() {}

    /**
     * The threshold's operation (or each of the seven) at one level: measured, or not observed when the level
     * has no call of it.
     *
     * @param where  the level, for the results ({@code load-2 (200 domains)}, a server)
     * @param gap    what ends the sentence of an operation not measured ({@code " at this step"})
     */
    static List<Measurement> perOp(Map<String, OpLatency> ops, Threshold t, String where, String gap) {
        List<String> names = t.argument() == null ? Catalogs.OPS : List.of(t.argument());
        List<Measurement> out = new ArrayList<>();
        for (String op : names) {
            String at = t.argument() == null ? op + " at " + where : where;
            OpLatency o = ops.get(op);
            if (o != null
                    && o.count() > 0
                    && o.errors() == o.count()
                    && !t.metric().name().equals("error-rate")) {
                // failed calls return at once: their rate and latency say nothing of the ensemble's
                out.add(Measurement.notObserved(at, "every " + op + " call failed" + gap));
                continue;
            }
            Double value = o == null || o.count() == 0 ? null : of(o, t);
            out.add(
                    value == null
                            ? Measurement.notObserved(at, "no " + op + " call was measured" + gap)
                            : Measurement.exact(value, at));
        }
        return out;
    }

    /** The metric's value for the operation, in the metric's base unit; null when it cannot be known. */
    static Double of(OpLatency op, Threshold t) {
        return switch (t.metric().name()) {
            case Metric.PERCENTILE -> op.percentileMs(t.percentile());
            case "max" -> op.maxMs();
            case "tps" -> op.opsPerSec();
            case "error-rate" -> op.errorRate();
            default -> throw new IllegalArgumentException(t.metric().name() + " is not a benchmark metric");
        };
    }
}
