package dev.zkload.runner.report;

import dev.zkload.bench.result.HistogramLogs;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.ResultReader;
import dev.zkload.runner.result.ResultWriter;
import dev.zkload.runner.result.RunDescription;
import dev.zkload.runner.result.RunResults;
import dev.zkload.runner.result.StepFleetData;
import dev.zkload.runner.result.StepResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * One results folder from the folders of the shards of one ramp ({@code --shard i/N}): the steps'
 * executors, jobs, sessions and the simulated sessions' events summed over the shards; everything measured on the ensemble (server
 * data, footprint, the seven-op benchmark, server-metrics.csv) from shard 0, which is the one that
 * benchmarks; the histogram logs of all shards added up; the summary of the shard that stopped first
 * (fewest steps).
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
                StepFleetData fleet =
                        shards.stream().map(s -> s.steps().get(step).fleet()).reduce(null, StepFleetData::plus);
                StepResult s0 = first.steps().get(i);
                merged.appendStep(s0.merged(executors, jobs, sessions, fleet));
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
        mergeHistograms(shards, out.resolve(ResultFiles.HISTOGRAMS));
    }

    /**
     * Every shard's histogram logs, added up log by log and operation by operation ({@code Histogram.add}:
     * exact, no percentile is averaged). Today shard 0 alone benchmarks, so most logs have one source; the
     * sum keeps a merge right whatever shards measured.
     */
    static void mergeHistograms(List<RunResults> shards, Path out) throws IOException {
        Map<String, Map<String, Histogram>> byFile = new TreeMap<>();
        for (RunResults shard : shards) {
            Path logs = shard.dir().resolve(ResultFiles.HISTOGRAMS);
            if (!Files.isDirectory(logs)) {
                continue;
            }
            try (Stream<Path> files = Files.list(logs)) {
                for (Path log : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".hlog"))::iterator) {
                    Map<String, Histogram> sum =
                            byFile.computeIfAbsent(log.getFileName().toString(), k -> new LinkedHashMap<>());
                    HistogramLogs.read(log)
                            .forEach((op, h) -> sum.merge(op, h, (a, b) -> {
                                a.add(b);
                                return a;
                            }));
                }
            }
        }
        for (Map.Entry<String, Map<String, Histogram>> e : byFile.entrySet()) {
            HistogramLogs.write(
                    out.resolve(e.getKey()), "zkload: the shards' logs " + e.getKey() + " added up", e.getValue());
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
