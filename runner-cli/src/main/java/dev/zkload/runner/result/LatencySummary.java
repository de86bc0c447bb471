package dev.zkload.runner.result;

import dev.zkload.bench.result.LatencyReport;
import java.util.List;

/**
 * {@code summary.json} of a {@code latency} run, written last: the table ({@code latency.json}'s content,
 * so that one file, or {@code --json}, gives a script everything) and the thresholds judged.
 *
 * @param schemaVersion {@link ResultFiles#SCHEMA_VERSION} of the zkload that wrote it
 * @param latency       the seven operations per target
 * @param thresholds    every {@code --threshold}, judged
 */
public record LatencySummary(int schemaVersion, LatencyReport latency, List<ThresholdResult> thresholds) {
    public LatencySummary {
        thresholds = thresholds == null ? List.of() : List.copyOf(thresholds);
    }
}
