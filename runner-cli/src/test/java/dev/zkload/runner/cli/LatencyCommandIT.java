package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.result.HistogramLogs;
import dev.zkload.bench.result.OpStats;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.RunHistograms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatencyCommandIT {
    private static final List<String> SEVEN =
            List.of("create", "set", "get", "delete", "createEphemeral", "watch", "deleteEphemeral");

    @Test
    void embeddedRunPrintsTheTableAndWritesLatencyJson(@TempDir Path out) throws Exception {
        CliRun run = CliRun.of(
                "latency", "--znode-count", "300", "--mode", "async", "--server-heap", "256m", "--out", out.toString());
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).contains("(standalone)", "createEphemeral", "watch notifications: 300 of 300");

        JsonNode json =
                ResultJson.compact().readTree(out.resolve("latency.json").toFile());
        assertThat(json.get("mode").asText()).isEqualTo("async");
        JsonNode target = json.get("targets").get(0);
        assertThat(target.get("role").asText()).isEqualTo("standalone");
        List<String> ops = iterate(target.get("ops").fieldNames());
        assertThat(ops).containsExactlyElementsOf(SEVEN);
        for (String op : SEVEN) {
            JsonNode s = target.get("ops").get(op);
            assertThat(s.get("count").asLong()).isEqualTo(300);
            assertThat(s.get("errors").asLong()).isZero();
            for (String field : List.of("opsPerSec", "p50Ms", "p90Ms", "p99Ms", "p999Ms", "maxMs")) {
                assertThat(s.get(field).asDouble()).as(op + "." + field).isPositive();
            }
        }
        try (Stream<Path> logs = Files.list(out.resolve("latency"))) {
            Path log = logs.findFirst().orElseThrow();
            assertThat(HistogramLogs.read(log).keySet()).containsExactlyElementsOf(SEVEN);
        }
    }

    /**
     * One threshold that holds, one that cannot: exit code 3, both printed with the value measured, the
     * summary complete on disk and on stdout; and the percentiles read back from the histogram logs are the
     * ones the run computed while it ran.
     */
    @Test
    void aFailedThresholdEndsWithExitCode3AndEverythingOnDisk(@TempDir Path out) throws Exception {
        CliRun run = CliRun.of(
                "latency",
                "--znode-count",
                "200",
                "--server-heap",
                "256m",
                "--threshold",
                "p99(get) < 10s",
                "--threshold",
                "p50(create)<1us",
                "--json",
                "--out",
                out.toString());
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.THRESHOLD_FAILED);
        assertThat(run.err())
                .containsPattern("Threshold p99\\(get\\)<10s: pass — \\d+(\\.\\d+)? ms at 127\\.0\\.0\\.1:\\d+")
                .containsPattern("Threshold p50\\(create\\)<1us: fail — \\d+(\\.\\d+)? ms at 127\\.0\\.0\\.1:\\d+")
                .contains("Thresholds: 1 of 2 failed or not observed (exit code 3)", "createEphemeral");

        JsonNode printed = ResultJson.compact().readTree(run.out());
        JsonNode summary =
                ResultJson.compact().readTree(out.resolve("summary.json").toFile());
        assertThat(printed).isEqualTo(summary);
        assertThat(summary.get("schemaVersion").asInt()).isEqualTo(ResultFiles.SCHEMA_VERSION);
        JsonNode ops = summary.at("/latency/targets/0/ops");
        assertThat(iterate(ops.fieldNames())).containsExactlyElementsOf(SEVEN);
        JsonNode gates = summary.get("thresholds");
        assertThat(gates).hasSize(2);
        assertThat(gates.get(0).get("status").asText()).isEqualTo("pass");
        assertThat(gates.get(0).get("value").asDouble())
                .isEqualTo(ops.at("/get/p99Ms").asDouble());
        assertThat(gates.get(1).get("status").asText()).isEqualTo("fail");
        assertThat(gates.get(1).get("value").asDouble())
                .isEqualTo(ops.at("/create/p50Ms").asDouble());

        RunHistograms logs = RunHistograms.read(out, new java.util.ArrayList<>());
        for (String op : SEVEN) {
            Histogram h = logs.of(ResultFiles.LATENCY_LOGS, 1, op).orElseThrow();
            JsonNode recorded = ops.get(op);
            assertThat(h.getTotalCount()).as(op).isEqualTo(recorded.get("count").asLong());
            assertThat(OpStats.percentileMs(h, 50))
                    .as(op)
                    .isEqualTo(recorded.get("p50Ms").asDouble());
            assertThat(OpStats.percentileMs(h, 99))
                    .as(op)
                    .isEqualTo(recorded.get("p99Ms").asDouble());
            assertThat(OpStats.percentileMs(h, 99.9))
                    .as(op)
                    .isEqualTo(recorded.get("p999Ms").asDouble());
            assertThat(OpStats.maxMs(h)).as(op).isEqualTo(recorded.get("maxMs").asDouble());
        }
    }

    @Test
    void perServerAgainstAConnectedQuorumNamesEachRole(@TempDir Path out) throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(3).heap("256m").build()) {
            zk.start();
            CliRun run = CliRun.of(
                    "latency",
                    "--connect",
                    zk.connectString(),
                    "--per-server",
                    "--znode-count",
                    "50",
                    "--out",
                    out.toString());
            assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
            JsonNode targets = ResultJson.compact()
                    .readTree(out.resolve("latency.json").toFile())
                    .get("targets");
            assertThat(targets).hasSize(3);
            List<String> roles = Stream.of(0, 1, 2)
                    .map(i -> targets.get(i).get("role").asText())
                    .sorted()
                    .toList();
            assertThat(roles).containsExactly("follower", "follower", "leader");
        }
    }

    private static List<String> iterate(java.util.Iterator<String> it) {
        List<String> list = new java.util.ArrayList<>();
        it.forEachRemaining(list::add);
        return list;
    }
}
