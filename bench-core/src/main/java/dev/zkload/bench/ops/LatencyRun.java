package dev.zkload.bench.ops;

import dev.zkload.bench.result.HistogramLogs;
import dev.zkload.bench.result.LatencyReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * A finished benchmark run: the report, and the full latency histograms behind it (target →
 * operation name → histogram of microseconds).
 */
public record LatencyRun(LatencyReport report, Map<String, Map<String, Histogram>> histograms) {

    /**
     * Writes one HdrHistogram log per target into {@code dir}: {@code <prefix>-<n>-<target>.hlog}, n counting
     * the targets from 1 in the order measured ({@link HistogramLogs#fileName}).
     */
    public void writeHistogramLogs(Path dir, String prefix) throws IOException {
        int i = 0;
        for (Map.Entry<String, Map<String, Histogram>> e : histograms.entrySet()) {
            i++;
            HistogramLogs.write(
                    dir.resolve(HistogramLogs.fileName(prefix, i, e.getKey())),
                    "zkload " + report.runId() + " target " + e.getKey(),
                    e.getValue());
        }
    }
}
