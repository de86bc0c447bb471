package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.result.HistogramLogs;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.result.ResultFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
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
        // the run's own report: its operations per target, nothing of a ramp's steps or capacity
        String report = Files.readString(out.resolve("report.md"));
        assertThat(report)
                .startsWith("# ZooKeeper latency: 127.0.0.1:")
                .contains("1 target(s) measured in async mode over 300 znodes of 100 bytes.")
                .contains("| createEphemeral | 300 | 0 | ")
                .doesNotContain("domains");
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

        ResultFolders.logsMatchRecorded(out, ResultFiles.LATENCY_LOGS, ops, SEVEN);
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

    /**
     * Two latency runs compared target by target: the run against a copy of itself whose {@code get} rate is
     * doctored tenfold as the baseline, so the gate must find exactly that regression.
     */
    @Test
    void latencyRunsCompareTargetByTargetAndTheGateFindsADoctoredBaseline(@TempDir Path tmp) throws Exception {
        Path run = tmp.resolve("today");
        CliRun done = CliRun.of("latency", "--znode-count", "200", "--server-heap", "256m", "--out", run.toString());
        assertThat(done.exitCode()).as(done.err()).isEqualTo(ExitCodes.OK);
        Path baseline = tmp.resolve("baseline");
        ResultFolders.copy(run, baseline);
        JsonNode summary =
                ResultJson.compact().readTree(baseline.resolve("summary.json").toFile());
        com.fasterxml.jackson.databind.node.ObjectNode get =
                (com.fasterxml.jackson.databind.node.ObjectNode) summary.at("/latency/targets/0/ops/get");
        double rate = get.get("opsPerSec").asDouble();
        get.put("opsPerSec", rate * 10);
        Files.writeString(baseline.resolve("summary.json"), ResultJson.pretty().writeValueAsString(summary));

        CliRun compare = CliRun.of(
                "compare",
                baseline.toString(),
                run.toString(),
                "--out",
                tmp.resolve("cmp").toString(),
                "--max-regression",
                "50%");
        assertThat(compare.exitCode()).as(compare.out() + compare.err()).isEqualTo(ExitCodes.THRESHOLD_FAILED);
        assertThat(compare.out())
                .contains("Regression: today at target 1: get TPS")
                .contains("(90% worse)")
                .contains("Regression gate failed: 1 regression(s), 0 not compared");
        assertThat(Files.readString(tmp.resolve("cmp").resolve("compare.md")))
                .contains("today: latency run")
                .contains("| get | target 1 | ");
    }

    private static List<String> iterate(java.util.Iterator<String> it) {
        List<String> list = new java.util.ArrayList<>();
        it.forEachRemaining(list::add);
        return list;
    }
}
