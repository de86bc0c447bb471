package dev.zkload.runner.threshold;

/**
 * One parsed {@code --threshold}: {@code p99(create)<20ms@200} is the metric {@code p} at percentile 99
 * of {@code create}, {@code <}, 20 (ms, the base unit), at the level 200.
 *
 * @param text       as the user wrote it, spaces removed
 * @param metric     what is measured
 * @param percentile for the percentile family, which one (99.9); null otherwise
 * @param argument   the operation, or null for every one (or for a metric that takes none)
 * @param comparison how the measured value is compared
 * @param limit      the limit in the metric's base unit
 * @param level      the level {@code @} picked (a ramp's domains), or null for the run
 */
public record Threshold(
        String text,
        Metric metric,
        Double percentile,
        String argument,
        Comparison comparison,
        double limit,
        Integer level) {

    /** The limit as people read it: {@code 20 ms}, {@code 0.1%}. */
    public String limitText() {
        return metric.quantity().format(limit);
    }

    @Override
    public String toString() {
        return text;
    }
}
