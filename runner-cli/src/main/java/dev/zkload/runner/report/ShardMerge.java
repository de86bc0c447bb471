package dev.zkload.runner.report;

import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.ResultReader;
import dev.zkload.runner.result.ResultWriter;
import dev.zkload.runner.result.RunDescription;
import dev.zkload.runner.result.RunResults;
import dev.zkload.runner.result.StepResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One results folder from the folders of the shards of one ramp ({@code --shard i/N}): the steps'
 * executors, jobs and sessions summed over the shards; everything measured on the ensemble (server
 * data, footprint, the seven-op benchmark, server-metrics.csv, latency logs) from shard 0, which
 * is the one that benchmarks; the summary of the shard that stopped first (fewest steps).
 */
public final class ShardMerge {
    private ShardMerge() {}

    /**
     * Writes the merged folder into {@code out}, a new or empty folder.
     *
     * @throws IllegalArgumentException in one sentence, when the folders are not all the shards of one run
     */
    public static void merge(List<Path> shardDirs, Path out) throws IOException {
        List<RunResults> shards = ordered(shardDirs);
        int common = shards.stream().mapToInt(s -> s.steps().size()).min().orElse(0);
        RunResults first = shards.get(0);
        try (ResultWriter merged = ResultWriter.create(out)) {
            Map<String, Object> settings = new LinkedHashMap<>(first.run().settings());
            settings.put(
                    "mergedFrom",
                    shardDirs.stream().map(d -> d.toAbsolutePath().toString()).toList());
            RunDescription run = first.run();
            merged.writeRun(new RunDescription(
                    run.schemaVersion(),
                    run.tool(),
                    run.version(),
                    run.command(),
                    run.arguments(),
                    run.startTime(),
                    run.runId(),
                    run.root(),
                    run.model(),
                    run.target(),
                    settings));
            for (int i = 0; i < common; i++) {
                int step = i;
                long executors = shards.stream()
                        .mapToLong(s -> s.steps().get(step).executors())
                        .sum();
                long jobs = shards.stream()
                        .mapToLong(s -> s.steps().get(step).jobs())
                        .sum();
                long sessions = shards.stream()
                        .mapToLong(s -> s.steps().get(step).sessions())
                        .sum();
                StepResult s0 = first.steps().get(i);
                merged.appendStep(s0.merged(executors, jobs, sessions));
            }
            shards.stream()
                    .filter(s -> s.summary().isPresent() && s.steps().size() == common)
                    .findFirst()
                    .ifPresent(s -> merged.writeSummary(s.summary().get()));
        }
        Path metrics = first.dir().resolve(ResultFiles.METRICS);
        if (Files.isRegularFile(metrics)) {
            Files.copy(metrics, out.resolve(ResultFiles.METRICS), StandardCopyOption.REPLACE_EXISTING);
        }
        Path latency = first.dir().resolve(ResultFiles.HISTOGRAMS);
        if (Files.isDirectory(latency)) {
            Files.createDirectories(out.resolve(ResultFiles.HISTOGRAMS));
            try (Stream<Path> logs = Files.list(latency)) {
                for (Path log : (Iterable<Path>) logs::iterator) {
                    Files.copy(
                            log,
                            out.resolve(ResultFiles.HISTOGRAMS).resolve(log.getFileName()),
                            StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /** The folders read and ordered by shard index, checked to be shards 0..N-1 of one schedule. */
    private static List<RunResults> ordered(List<Path> dirs) throws IOException {
        RunResults[] byIndex = new RunResults[dirs.size()];
        String schedule = null;
        for (Path dir : dirs) {
            RunResults r = ResultReader.read(dir);
            if (!(r.run().settings().get("shard") instanceof Map<?, ?> shard)) {
                throw new IllegalArgumentException(
                        dir + " is not a shard's folder: its run.json has no settings.shard");
            }
            int index = ((Number) shard.get("index")).intValue();
            int count = ((Number) shard.get("count")).intValue();
            String when = shard.get("startAt") + " every " + shard.get("stepIntervalSec") + " s";
            if (count != dirs.size()) {
                throw new IllegalArgumentException(
                        dir + " is shard " + index + " of " + count + ", but " + dirs.size() + " folders were given");
            }
            if (schedule != null && !schedule.equals(when)) {
                throw new IllegalArgumentException(
                        dir + " followed another schedule (" + when + ", not " + schedule + ")");
            }
            schedule = when;
            if (byIndex[index] != null) {
                throw new IllegalArgumentException(dir + " and " + byIndex[index].dir() + " are both shard " + index);
            }
            byIndex[index] = r;
        }
        return new ArrayList<>(List.of(byIndex));
    }
}
