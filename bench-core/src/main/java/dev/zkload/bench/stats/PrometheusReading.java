package dev.zkload.bench.stats;

import java.util.Map;
import java.util.Optional;

/**
 * One reading of a server's Prometheus endpoint: the running totals a window's usage is the difference of.
 *
 * @param nanoTime   when it was read ({@link System#nanoTime()})
 * @param cpuSeconds the process's CPU time since it started ({@code process_cpu_seconds_total}); NaN when not exported
 * @param gcCount    stop-the-world collections since it started ({@code jvm_gc_collection_seconds_count} of every
 *                   collector but the concurrent ones); NaN when not exported
 * @param gcSeconds  their time together ({@code jvm_gc_collection_seconds_sum}); NaN when not exported
 */
public record PrometheusReading(long nanoTime, double cpuSeconds, double gcCount, double gcSeconds) {
    static PrometheusReading of(long nanoTime, Map<String, Double> samples) {
        double cpu = samples.getOrDefault("process_cpu_seconds_total", Double.NaN);
        double count = Double.NaN;
        double seconds = Double.NaN;
        for (Map.Entry<String, Double> e : samples.entrySet()) {
            String k = e.getKey();
            // a concurrent collector's time runs beside the application, not in a pause
            if (!k.startsWith("jvm_gc_collection_seconds") || k.contains("Concurrent") || k.contains("Cycles")) {
                continue;
            }
            if (k.startsWith("jvm_gc_collection_seconds_count")) {
                count = (Double.isNaN(count) ? 0 : count) + e.getValue();
            } else if (k.startsWith("jvm_gc_collection_seconds_sum")) {
                seconds = (Double.isNaN(seconds) ? 0 : seconds) + e.getValue();
            }
        }
        return new PrometheusReading(nanoTime, cpu, count, seconds);
    }

    /**
     * What the process used between {@code before} and this reading.
     *
     * @return empty when either reading lacks the process's CPU time, or the process restarted in between (its
     *     totals went down)
     */
    public Optional<Usage> usageSince(PrometheusReading before) {
        double seconds = (nanoTime - before.nanoTime) / 1e9;
        double cpu = cpuSeconds - before.cpuSeconds;
        if (Double.isNaN(cpu) || cpu < 0 || seconds <= 0) {
            return Optional.empty();
        }
        double count = gcCount - before.gcCount;
        double gc = gcSeconds - before.gcSeconds;
        boolean gcKnown = !Double.isNaN(count) && !Double.isNaN(gc) && count >= 0 && gc >= 0;
        return Optional.of(
                new Usage(cpu / seconds, gcKnown ? Long.valueOf(Math.round(count)) : null, gcKnown ? gc * 1000 : null));
    }

    /**
     * A process's use over a window, as its endpoint tells it.
     *
     * @param cores     cores it kept busy on average
     * @param gcPauses  stop-the-world collections in the window; null when its JVM's collectors are not exported
     * @param gcTotalMs their time together, ms; null likewise (the endpoint gives totals, not each pause's length)
     */
    public record Usage(double cores, Long gcPauses, Double gcTotalMs) {}
}
