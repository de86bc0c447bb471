package dev.zkload.runner.threshold;

import dev.zkload.runner.result.MeasuredFootprint;
import dev.zkload.runner.result.SimulateSummary;
import java.util.List;

/**
 * {@code simulate}'s answers: the footprint per domain (measured on the servers), the simulated
 * sessions' events and the runner's CPU over the hold. When the runner was the bottleneck the hold
 * tells nothing about the ensemble, and a footprint the servers did not give is not observed.
 */
public final class SimulateMeasurements implements Measurements {
    private final SimulateSummary summary;

    public SimulateMeasurements(SimulateSummary summary) {
        this.summary = summary;
    }

    @Override
    public List<Measurement> of(Threshold t) {
        String where = summary.domains() + " domains";
        if (summary.interrupted()) {
            return List.of(Measurement.notObserved(where, "the hold was interrupted"));
        }
        String metric = t.metric().name();
        if (t.metric().source() != Metric.Source.GENERATOR
                && summary.generator().bound()) {
            return List.of(Measurement.notObserved(
                    where,
                    "the load generator was the bottleneck ("
                            + String.join("; ", summary.generator().reasons()) + ")"));
        }
        Double value =
                switch (metric) {
                    case "expired-sessions" ->
                        summary.fleet() == null
                                ? null
                                : (double) summary.fleet().expired();
                    case "failed-calls" ->
                        summary.fleet() == null
                                ? null
                                : (double) summary.fleet().operationErrors();
                    case "generator-cpu" -> summary.generator().cpuPercentOfShare() / 100;
                    default -> footprint(metric);
                };
        if (value == null) {
            return List.of(Measurement.notObserved(
                    where, summary.note() != null ? summary.note() : "the servers did not give this figure"));
        }
        return List.of(Measurement.exact(value, where));
    }

    private Double footprint(String metric) {
        MeasuredFootprint m = summary.measuredPerDomain();
        if (m == null) {
            return null;
        }
        return switch (metric) {
            case "znodes-per-domain" -> m.znodes();
            case "watches-per-domain" -> m.watches();
            case "ephemerals-per-domain" -> m.ephemerals();
            case "sessions-per-domain" -> m.sessions();
            case "writes-per-domain" -> m.writesPerSec();
            case "footprint-deviation" -> deviation(m, summary.modelPerDomain());
            default -> throw new IllegalArgumentException("simulate does not measure " + metric);
        };
    }

    /** The largest |measured − model| / model over the figures both have; null when none can be compared. */
    private static Double deviation(MeasuredFootprint m, dev.zkload.sim.Footprint model) {
        double[][] pairs = {
            {m.znodes(), model.znodes()},
            {m.watches(), model.watches()},
            {m.ephemerals(), model.ephemerals()},
            {m.sessions() == null ? Double.NaN : m.sessions(), model.sessions()},
            {m.writesPerSec() == null ? Double.NaN : m.writesPerSec(), model.writesPerSec()}
        };
        Double worst = null;
        for (double[] p : pairs) {
            if (!Double.isNaN(p[0]) && p[1] != 0) {
                double d = Math.abs(p[0] - p[1]) / p[1];
                worst = worst == null ? d : Math.max(worst, d);
            }
        }
        return worst;
    }
}
