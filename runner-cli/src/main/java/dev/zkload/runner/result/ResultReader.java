package dev.zkload.runner.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zkload.bench.result.LatencyReport;
import dev.zkload.bench.result.ResultJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a results folder into the very records the run wrote. Only {@code run.json} is required: a
 * run that is still going or was killed has no {@code summary.json}, may end {@code steps.jsonl}
 * with half a line and may have steps without benchmark results; each such gap becomes a note in the
 * report rather than a failure, so a report can always be made from what was saved. A folder written
 * by a newer zkload (a higher {@code schemaVersion}) is refused in one sentence.
 */
public final class ResultReader {
    private static final ObjectMapper JSON = ResultJson.compact();

    private ResultReader() {}

    /**
     * Reads the folder {@code dir}.
     *
     * @throws NoSuchFileException when the folder has no run.json
     * @throws IOException         when run.json is not valid, or of a newer schema than this zkload reads
     */
    public static RunResults read(Path dir) throws IOException {
        List<String> notes = new ArrayList<>();
        RunDescription run = run(dir);
        List<StepResult> steps = steps(dir.resolve(ResultFiles.STEPS), notes);
        List<MetricSample> samples = MetricSample.read(dir.resolve(ResultFiles.METRICS), notes);
        boolean latency = run.kind() == RunKind.LATENCY;
        // a simulate run's summary is read apart (simulation); an experiment's folder is read as SweepResults
        Optional<RampSummary> summary = run.kind() == RunKind.RAMP
                ? json(dir.resolve(ResultFiles.SUMMARY), RampSummary.class, notes)
                : Optional.empty();
        if (summary.isPresent()) {
            checkVersion(dir.resolve(ResultFiles.SUMMARY), summary.get().schemaVersion());
        }
        Optional<LatencySummary> table = latency ? latency(dir, notes) : Optional.empty();
        RunHistograms histograms = RunHistograms.read(dir, notes);
        return new RunResults(dir, run, steps, samples, summary, table, histograms, notes);
    }

    /** A latency run's summary.json; from a zkload before schema 3, its latency.json alone. */
    private static Optional<LatencySummary> latency(Path dir, List<String> notes) throws IOException {
        Optional<LatencySummary> summary = json(dir.resolve(ResultFiles.SUMMARY), LatencySummary.class, notes);
        if (summary.isPresent() && summary.get().latency() != null) {
            checkVersion(dir.resolve(ResultFiles.SUMMARY), summary.get().schemaVersion());
            return summary;
        }
        return json(dir.resolve(ResultFiles.LATENCY), LatencyReport.class, notes)
                .map(report -> new LatencySummary(0, report, List.of()));
    }

    /** A simulate run's summary.json; absent when the run did not finish. */
    public static Optional<SimulateSummary> simulation(Path dir) throws IOException {
        List<String> ignored = new ArrayList<>();
        Optional<SimulateSummary> summary = json(dir.resolve(ResultFiles.SUMMARY), SimulateSummary.class, ignored);
        if (summary.isPresent()) {
            checkVersion(dir.resolve(ResultFiles.SUMMARY), summary.get().schemaVersion());
        }
        return summary;
    }

    /** Reads a folder's run.json, refusing one of a newer schema or written by a command this zkload does not read. */
    public static RunDescription run(Path dir) throws IOException {
        Path file = dir.resolve(ResultFiles.RUN);
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString(), null, "no run.json: not a zkload results folder");
        }
        RunDescription run;
        try {
            run = JSON.readValue(file.toFile(), RunDescription.class);
        } catch (JsonProcessingException e) {
            throw new IOException(file + " is not valid JSON: " + e.getOriginalMessage(), e);
        }
        checkVersion(file, run.schemaVersion());
        try {
            run.kind();
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
        return run;
    }

    static void checkVersion(Path file, int schemaVersion) throws IOException {
        if (schemaVersion > ResultFiles.SCHEMA_VERSION) {
            throw new IOException(file + " was written by a newer zkload (results schema " + schemaVersion
                    + "; this one reads up to " + ResultFiles.SCHEMA_VERSION + "): use that zkload, or a newer one");
        }
    }

    /**
     * The baseline (step 0) of the results folder {@code dir}: the empty ensemble as the run found it. Empty when
     * it has none (no step finished) or cannot be read.
     */
    public static Optional<StepResult> baseline(Path dir) {
        try {
            return steps(dir.resolve(ResultFiles.STEPS), new ArrayList<>()).stream()
                    .filter(s -> s.step() == 0)
                    .findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static List<StepResult> steps(Path file, List<String> notes) throws IOException {
        if (!Files.isRegularFile(file)) {
            notes.add(ResultFiles.STEPS + " is missing: no step has finished.");
            return new ArrayList<>();
        }
        List<StepResult> steps = JsonLines.read(file, StepResult.class, "step", notes);
        steps.sort(Comparator.comparingInt(StepResult::step));
        for (StepResult step : steps) {
            if (step.ops().isEmpty()) {
                notes.add("Step " + step.step() + " (" + step.domains() + " domains) has no benchmark results: it ended"
                        + " before its benchmark ran.");
            }
            step.ops().entrySet().stream()
                    .filter(e -> e.getValue().errors() > 0)
                    .sorted(Map.Entry.comparingByKey())
                    .forEach(e -> notes.add("Step " + step.step() + " (" + step.domains() + " domains): "
                            + e.getValue().errors() + " of " + e.getValue().count() + " " + e.getKey()
                            + " operations failed."));
        }
        return steps;
    }

    /** A JSON file the run writes last, absent while it runs (or after it was killed). */
    static <T> Optional<T> json(Path file, Class<T> type, List<String> notes) throws IOException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readValue(file.toFile(), type));
        } catch (JsonProcessingException e) {
            notes.add(file.getFileName() + " could not be read (" + e.getOriginalMessage() + ").");
            return Optional.empty();
        }
    }
}
