package dev.zkload.runner.result;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An experiment's results folder as written: {@code run.json}, the levels finished, the summary if
 * the run ended, and notes on anything that could not be read.
 */
public record SweepResults(
        Path dir, RunDescription run, List<LevelResult> levels, Optional<SweepSummary> summary, List<String> notes) {

    public SweepResults {
        levels = List.copyOf(levels);
        notes = List.copyOf(notes);
    }

    /** Whether {@code dir} holds an experiment's sweep (by its run.json's command), not a ramp. */
    public static boolean isSweep(Path dir) throws IOException {
        return ResultReader.run(dir).kind().isSweep();
    }

    /**
     * Reads the folder {@code dir}.
     *
     * @throws java.nio.file.NoSuchFileException when the folder has no run.json
     * @throws IOException                        when run.json is not valid, or of a newer schema
     */
    public static SweepResults read(Path dir) throws IOException {
        RunDescription run = ResultReader.run(dir);
        List<String> notes = new ArrayList<>();
        List<LevelResult> levels = JsonLines.read(dir.resolve(ResultFiles.LEVELS), LevelResult.class, "level", notes);
        if (levels.isEmpty()) {
            notes.add("No level has finished.");
        }
        Optional<SweepSummary> summary = ResultReader.json(dir.resolve(ResultFiles.SUMMARY), SweepSummary.class, notes);
        if (summary.isPresent()) {
            ResultReader.checkVersion(
                    dir.resolve(ResultFiles.SUMMARY), summary.get().schemaVersion());
        }
        return new SweepResults(dir, run, levels, summary, notes);
    }
}
