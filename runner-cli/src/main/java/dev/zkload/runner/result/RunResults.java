package dev.zkload.runner.result;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Everything a results folder holds, as the records the run wrote, plus the notes the reader made
 * about what it had to skip (a truncated last line, a missing file), which a report repeats.
 *
 * @param summary absent while the run is going, or after it was killed
 */
public record RunResults(
        Path dir,
        RunDescription run,
        List<StepResult> steps,
        List<MetricSample> samples,
        Optional<RampSummary> summary,
        List<String> notes) {

    public RunResults {
        steps = List.copyOf(steps);
        samples = List.copyOf(samples);
        notes = List.copyOf(notes);
    }
}
