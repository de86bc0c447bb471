package dev.zkload.runner.report;

import dev.zkload.bench.ops.Op;
import dev.zkload.runner.result.MetricSample;
import dev.zkload.runner.result.OpLatency;
import dev.zkload.runner.result.RampSummary;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.RunHistograms;
import dev.zkload.runner.result.RunResults;
import dev.zkload.runner.result.StepResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A results folder as the report uses it: the run's description as name/value texts, and the rest as read.
 *
 * @param histograms  the folder's HdrHistogram logs, which give every percentile
 * @param percentiles the latency percentiles the report shows, each in its own table
 */
record RunView(
        Path dir,
        RunInfo run,
        List<StepResult> steps,
        List<MetricSample> samples,
        Optional<RampSummary> summary,
        List<String> notes,
        RunHistograms histograms,
        List<Double> percentiles) {

    /** The percentiles a report shows unless asked for others. */
    static final List<Double> DEFAULT_PERCENTILES = List.of(50.0, 90.0, 99.0, 99.9);

    RunView {
        steps = List.copyOf(steps);
        samples = List.copyOf(samples);
        notes = List.copyOf(notes);
        percentiles = List.copyOf(percentiles);
    }

    static RunView of(RunResults results, List<Double> percentiles) {
        return new RunView(
                results.dir(),
                RunInfo.of(results.run()),
                results.steps(),
                results.samples(),
                results.summary(),
                results.notes(),
                results.histograms(),
                percentiles);
    }

    /**
     * An operation of a step: its counts as steps.jsonl recorded them and its latencies from the step's
     * histogram log (the first target's, which is the one steps.jsonl records).
     */
    Optional<OpLatency> op(StepResult step, Op op) {
        String name = op.jsonName();
        var recorded = step.ops().get(name);
        var histogram =
                histograms.of(ResultFiles.stepLogs(step.step()), 1, name).orElse(null);
        if (recorded == null && histogram == null) {
            return Optional.empty();
        }
        return Optional.of(new OpLatency(name, recorded, histogram));
    }

    /** True when every step with operations has its histogram log: the percentiles are all from the logs. */
    boolean percentilesFromLogs() {
        return steps.stream()
                .filter(s -> !s.ops().isEmpty())
                .allMatch(s -> histograms.log(ResultFiles.stepLogs(s.step()), 1).isPresent());
    }
}
