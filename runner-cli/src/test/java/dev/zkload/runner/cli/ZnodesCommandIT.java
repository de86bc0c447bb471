package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.Main;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code znodes} end to end at small sizes: the ensemble really holds each level's znodes when the
 * benchmark runs on top, the snapshots it took are counted and sized, every level is on disk, and
 * nothing is left on the ensemble afterwards.
 */
class ZnodesCommandIT {
    private static final List<String> SEVEN =
            List.of("create", "set", "get", "delete", "createEphemeral", "watch", "deleteEphemeral");

    @Test
    void embeddedLevelsHoldTheirZnodesAndCountTheSnapshots(@TempDir Path out) throws Exception {
        CliRun run = CliRun.of(
                "znodes",
                "--counts",
                "0,3k",
                "--znode-count",
                "200",
                "--warmup",
                "0",
                // a snapshot every 500 to 1000 transactions: the 3000 creates of level 2 take some
                "--snap-count",
                "1000",
                "--server-heap",
                "256m",
                "--out",
                out.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).contains("level 1/2 (0)", "level 2/2 (3k)", "2 of 2 level(s) measured");

        List<JsonNode> levels = levels(out);
        assertThat(levels).hasSize(2);
        JsonNode empty = levels.get(0).get("measured");
        JsonNode full = levels.get(1).get("measured");
        assertThat(full.get("znodesOnServer").asLong())
                .isEqualTo(full.get("znodesExpected").asLong())
                .isEqualTo(empty.get("znodesOnServer").asLong() + 3000);
        assertThat(full.get("snapshots").asLong()).isPositive();
        assertThat(full.get("snapshotMsAvg").asDouble()).isNotNegative();
        // 3000 znodes of 100 bytes: a snapshot holds at least their data
        assertThat(full.get("snapshotBytes").asLong()).isGreaterThan(300_000);
        for (JsonNode level : levels) {
            assertThat(iterate(level.get("ops").fieldNames())).containsExactlyElementsOf(SEVEN);
            assertThat(level.get("ops").get("get").get("count").asLong()).isEqualTo(200);
            assertThat(level.get("generator").get("bound").isBoolean()).isTrue();
        }
        JsonNode summary =
                ResultJson.compact().readTree(out.resolve("summary.json").toFile());
        assertThat(summary.get("stopReason").asText()).isEqualTo("completed");
        assertThat(summary.get("levelsFinished").asInt()).isEqualTo(2);
        String report = Files.readString(out.resolve("report.md"), StandardCharsets.UTF_8);
        assertThat(report).contains("Does the ensemble slow down as it holds more znodes?", "| 3k |");
        assertThat(out.resolve("tps-per-level.png")).isNotEmptyFile();
        assertThat(out.resolve("p99-per-level.png")).isNotEmptyFile();
    }

    @Test
    void aRemoteEnsembleKeepsNothingAndSaysWhatItCannotSee(@TempDir Path out) throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("256m").build()) {
            zk.start();
            StatsClient stats = new StatsClient(Duration.ofSeconds(5));
            long before = stats.monitor(zk.servers().get(0)).znodeCount();
            CliRun run = CliRun.of(
                    "znodes",
                    "--connect",
                    zk.connectString(),
                    "--counts",
                    "1500",
                    "--znode-count",
                    "100",
                    "--warmup",
                    "0",
                    "--out",
                    out.toString());
            assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCodes.OK);
            JsonNode level = levels(out).get(0);
            assertThat(level.get("measured").get("znodesOnServer").asLong())
                    .isEqualTo(level.get("measured").get("znodesExpected").asLong());
            // no snapshot at 1500 writes with the default snapCount, and none could be sized anyway
            assertThat(level.get("measured").has("snapshotBytes")).isFalse();
            assertThat(level.get("notes").toString()).contains("snapshot");
            assertThat(stats.monitor(zk.servers().get(0)).znodeCount()).isEqualTo(before);
        }
    }

    /** SIGTERM, what Ctrl-C does minus the terminal, to a real runner process in the middle of a fill. */
    @Test
    void aSignalDuringAFillKeepsTheFinishedLevelsAndRemovesTheFill(@TempDir Path out) throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("512m").build()) {
            zk.start();
            StatsClient stats = new StatsClient(Duration.ofSeconds(5));
            long before = stats.monitor(zk.servers().get(0)).znodeCount();
            String java =
                    Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process runner = new ProcessBuilder(
                            java,
                            "-cp",
                            System.getProperty("java.class.path"),
                            Main.class.getName(),
                            "znodes",
                            "--connect",
                            zk.connectString(),
                            "--counts",
                            "0,5m",
                            "--znode-count",
                            "50",
                            "--warmup",
                            "0",
                            "--out",
                            out.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(
                            out.resolveSibling(out.getFileName() + ".log").toFile())
                    .start();
            try {
                Path levels = out.resolve("levels.jsonl");
                // the first level is written, and the second one's fill is under way
                await().atMost(Timeouts.seconds(90))
                        .until(() -> Files.exists(levels)
                                && stats.monitor(zk.servers().get(0)).znodeCount() > before + 20_000);
                runner.destroy();
                assertThat(runner.waitFor(90, TimeUnit.SECONDS)).isTrue();
                assertThat(runner.exitValue()).isEqualTo(ExitCodes.INTERRUPTED);
            } finally {
                runner.destroyForcibly();
            }
            JsonNode summary =
                    ResultJson.compact().readTree(out.resolve("summary.json").toFile());
            assertThat(summary.get("stopReason").asText()).isEqualTo("interrupted");
            assertThat(summary.get("levelsFinished").asInt()).isEqualTo(1);
            assertThat(levels(out)).hasSize(1);
            assertThat(out.resolve("report.md")).exists();
            assertThat(stats.monitor(zk.servers().get(0)).znodeCount())
                    .as("the fill and everything else the run created was removed")
                    .isEqualTo(before);
        }
    }

    @Test
    void levelsThatDoNotRiseAreRefusedBeforeAnythingStarts(@TempDir Path tmp) {
        Path out = tmp.resolve("never");
        CliRun falling = CliRun.of("znodes", "--counts", "5k,1k", "--out", out.toString());
        assertThat(falling.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(falling.err()).contains("--counts", "must rise", "5k is followed by 1k");
        CliRun garbage = CliRun.of("znodes", "--counts", "10,lots", "--out", out.toString());
        assertThat(garbage.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(garbage.err()).contains("'lots' is not a number like 500, 100k or 1m");
        assertThat(out).doesNotExist();
    }

    private static List<JsonNode> levels(Path out) throws Exception {
        List<JsonNode> levels = new ArrayList<>();
        for (String line : Files.readAllLines(out.resolve("levels.jsonl"), StandardCharsets.UTF_8)) {
            levels.add(ResultJson.compact().readTree(line));
        }
        return levels;
    }

    private static List<String> iterate(java.util.Iterator<String> it) {
        List<String> list = new ArrayList<>();
        it.forEachRemaining(list::add);
        return list;
    }
}
