package dev.zkload.runner.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zkload.bench.result.OpStats;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.runner.result.GeneratorHealth;
import dev.zkload.runner.result.LevelResult;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.RunDescription;
import dev.zkload.runner.result.SweepSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An experiment's results folder written as the run writes it: run.json, levels.jsonl and summary.json. */
public final class SweepFixture {
    private static final ObjectMapper JSON = ResultJson.compact();
    public static final GeneratorHealth HEALTHY =
            new GeneratorHealth(10, 2, 40, 5, null, null, Map.of(), false, List.of(), null, false);

    private SweepFixture() {}

    /** An operation's figures with this rate and p99 (the other percentiles in proportion). */
    public static OpStats op(double tps, double p99) {
        return new OpStats(1000, 0, Map.of(), tps, p99 / 4, p99 / 2, p99, p99 * 2, p99 * 3, 500);
    }

    /** A level that measured create and get, create with this p99 and get at half of it. */
    public static LevelResult level(int index, String label, long value, double p99, Map<String, Double> measured) {
        Map<String, OpStats> ops = new LinkedHashMap<>();
        ops.put("create", op(1000, p99));
        ops.put("get", op(4000, p99 / 2));
        return new LevelResult(
                index, label, value, Instant.EPOCH, Instant.EPOCH, measured, List.of(), ops, HEALTHY, false);
    }

    /** Writes a completed sweep of {@code command} with these levels and answer into {@code tmp/name}. */
    public static Path write(
            Path tmp,
            String name,
            String command,
            Map<String, Object> target,
            List<LevelResult> levels,
            Map<String, Double> answer)
            throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        RunDescription run = new RunDescription(
                ResultFiles.SCHEMA_VERSION,
                "zkload",
                "test",
                command,
                List.of(command),
                Instant.EPOCH,
                name,
                "/zkload/" + name,
                Map.of(),
                target,
                Map.of());
        Files.writeString(dir.resolve(ResultFiles.RUN), JSON.writeValueAsString(run));
        StringBuilder lines = new StringBuilder();
        for (LevelResult l : levels) {
            lines.append(JSON.writeValueAsString(l)).append('\n');
        }
        Files.writeString(dir.resolve(ResultFiles.LEVELS), lines);
        SweepSummary summary = new SweepSummary(
                ResultFiles.SCHEMA_VERSION,
                command,
                levels.size(),
                levels.size(),
                SweepSummary.Stop.COMPLETED,
                null,
                answer,
                Instant.EPOCH,
                List.of(),
                List.of());
        Files.writeString(dir.resolve(ResultFiles.SUMMARY), JSON.writeValueAsString(summary));
        return dir;
    }

    /** A {@code znodes} sweep at 0 and 100k znodes whose latencies and snapshot times are scaled by {@code factor}. */
    public static Path znodes(Path tmp, String name, int snapCount, double factor) throws IOException {
        return write(
                tmp,
                name,
                "znodes",
                Map.of("embedded", true, "snapCount", snapCount),
                List.of(
                        level(1, "0", 0, 2 * factor, Map.of("snapshotMsAvg", 100.0 * factor)),
                        level(2, "100k", 100_000, 4 * factor, Map.of("snapshotMsAvg", 120.0 * factor))),
                Map.of());
    }
}
