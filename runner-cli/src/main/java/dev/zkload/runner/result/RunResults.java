package dev.zkload.runner.result;

import dev.zkload.bench.result.OpStats;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything a results folder holds, as the records the run wrote, plus the notes the reader made
 * about what it had to skip (a truncated last line, a missing file), which a report repeats.
 *
 * @param summary    a ramp's summary.json; absent while the run is going, after it was killed, or for another command
 * @param latency    a latency run's summary.json (or, from an older zkload, its latency.json); absent otherwise
 * @param histograms the HdrHistogram logs
 */
public record RunResults(
        Path dir,
        RunDescription run,
        List<StepResult> steps,
        List<MetricSample> samples,
        Optional<RampSummary> summary,
        Optional<LatencySummary> latency,
        RunHistograms histograms,
        List<String> notes) {

    public RunResults {
        steps = List.copyOf(steps);
        samples = List.copyOf(samples);
        notes = List.copyOf(notes);
    }

    /** True for a {@code latency} run's folder. */
    public boolean isLatency() {
        return run.kind() == RunKind.LATENCY;
    }

    /**
     * A step's operations on its first benchmark target (the one {@code ops} records), with their histograms,
     * in the order of steps.jsonl.
     */
    public Map<String, OpLatency> ops(StepResult step) {
        return ops(ResultFiles.stepLogs(step.step()), 1, step.ops());
    }

    /** The operations of target {@code target} (from 1) of a run or step, with their histograms. */
    public Map<String, OpLatency> ops(String prefix, int target, Map<String, OpStats> recorded) {
        return histograms.ops(prefix, target, recorded);
    }
}
