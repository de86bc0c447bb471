package dev.zkload.runner.report;

import dev.zkload.runner.result.MetricSample;
import dev.zkload.runner.result.RampSummary;
import dev.zkload.runner.result.RunResults;
import dev.zkload.runner.result.StepResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** A results folder as the report uses it: the run's description as name/value texts, and the rest as read. */
record RunView(
        Path dir,
        RunInfo run,
        List<StepResult> steps,
        List<MetricSample> samples,
        Optional<RampSummary> summary,
        List<String> notes) {

    RunView {
        steps = List.copyOf(steps);
        samples = List.copyOf(samples);
        notes = List.copyOf(notes);
    }

    static RunView of(RunResults results) {
        return new RunView(
                results.dir(),
                RunInfo.of(results.run()),
                results.steps(),
                results.samples(),
                results.summary(),
                results.notes());
    }
}
