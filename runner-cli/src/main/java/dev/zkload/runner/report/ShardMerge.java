package dev.zkload.runner.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * One results folder from the folders of the shards of one ramp ({@code --shard i/N}): the steps'
 * executors, jobs and sessions summed over the shards; everything measured on the ensemble (server
 * data, footprint, the seven-op benchmark, server-metrics.csv, latency logs) from shard 0, which
 * is the one that benchmarks; the summary of the shard that stopped first (fewest steps).
 */
final class ShardMerge {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> SUMMED = List.of("executors", "jobs", "sessions");

    private ShardMerge() {
    }

    /**
     * Writes the merged folder into {@code out}.
     *
     * @throws IllegalArgumentException in one sentence, when the folders are not all the shards of one run
     */
    static void merge(List<Path> shardDirs, Path out) throws IOException {
        List<Path> byIndex = ordered(shardDirs);
        List<List<String>> steps = new ArrayList<>();
        for (Path dir : byIndex) {
            Path file = dir.resolve(ResultsReader.STEPS);
            steps.add(Files.isRegularFile(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of());
        }
        int common = steps.stream().mapToInt(List::size).min().orElse(0);
        Files.createDirectories(out);
        StringBuilder merged = new StringBuilder();
        for (int i = 0; i < common; i++) {
            List<JsonNode> shards = new ArrayList<>();
            for (List<String> shard : steps) {
                shards.add(JSON.readTree(shard.get(i)));
            }
            ObjectNode step = (ObjectNode) shards.get(0);
            for (String field : SUMMED) {
                step.put(field, shards.stream().mapToLong(n -> n.path(field).asLong()).sum());
            }
            step.remove("shardDomains");
            merged.append(JSON.writeValueAsString(step)).append('\n');
        }
        Files.writeString(out.resolve(ResultsReader.STEPS), merged, StandardCharsets.UTF_8);

        ObjectNode run = (ObjectNode) JSON.readTree(byIndex.get(0).resolve(ResultsReader.RUN).toFile());
        ArrayNode from = run.putArray("mergedFrom");
        byIndex.forEach(d -> from.add(d.toAbsolutePath().toString()));
        JSON.writerWithDefaultPrettyPrinter().writeValue(out.resolve(ResultsReader.RUN).toFile(), run);
        Path first = null;
        for (int i = 0; i < byIndex.size(); i++) {
            if (Files.isRegularFile(byIndex.get(i).resolve(ResultsReader.SUMMARY)) && steps.get(i).size() == common) {
                first = byIndex.get(i);
                break;
            }
        }
        if (first != null) {
            Files.copy(first.resolve(ResultsReader.SUMMARY), out.resolve(ResultsReader.SUMMARY),
                    StandardCopyOption.REPLACE_EXISTING);
        }
        Path metrics = byIndex.get(0).resolve(ResultsReader.METRICS);
        if (Files.isRegularFile(metrics)) {
            Files.copy(metrics, out.resolve(ResultsReader.METRICS), StandardCopyOption.REPLACE_EXISTING);
        }
        Path latency = byIndex.get(0).resolve("latency");
        if (Files.isDirectory(latency)) {
            Files.createDirectories(out.resolve("latency"));
            try (Stream<Path> logs = Files.list(latency)) {
                for (Path log : (Iterable<Path>) logs::iterator) {
                    Files.copy(log, out.resolve("latency").resolve(log.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /** The folders ordered by shard index, checked to be shards 0..N-1 of one schedule. */
    private static List<Path> ordered(List<Path> dirs) throws IOException {
        Path[] byIndex = new Path[dirs.size()];
        String schedule = null;
        for (Path dir : dirs) {
            JsonNode shard = JSON.readTree(dir.resolve(ResultsReader.RUN).toFile()).path("settings").path("shard");
            if (shard.isMissingNode()) {
                throw new IllegalArgumentException(dir + " is not a shard's folder: its run.json has no settings.shard");
            }
            int index = shard.path("index").asInt();
            int count = shard.path("count").asInt();
            String when = shard.path("startAt").asText() + " every " + shard.path("stepIntervalSec").asText() + " s";
            if (count != dirs.size()) {
                throw new IllegalArgumentException(dir + " is shard " + index + " of " + count + ", but " + dirs.size()
                        + " folders were given");
            }
            if (schedule != null && !schedule.equals(when)) {
                throw new IllegalArgumentException(dir + " followed another schedule (" + when + ", not " + schedule + ")");
            }
            schedule = when;
            if (byIndex[index] != null) {
                throw new IllegalArgumentException(dir + " and " + byIndex[index] + " are both shard " + index);
            }
            byIndex[index] = dir;
        }
        return List.of(byIndex);
    }
}
