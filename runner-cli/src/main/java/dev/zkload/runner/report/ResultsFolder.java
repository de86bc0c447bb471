package dev.zkload.runner.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Everything a results folder holds that the report uses, plus the notes the reader made about what
 * it had to skip (a truncated last line, a missing file), which the report repeats to the reader.
 */
record ResultsFolder(Path dir, RunInfo run, List<StepRecord> steps, List<MetricSample> samples,
                     Optional<Summary> summary, List<String> notes) {

    ResultsFolder {
        steps = List.copyOf(steps);
        samples = List.copyOf(samples);
        notes = List.copyOf(notes);
    }

    boolean complete() {
        return summary.isPresent();
    }
}
