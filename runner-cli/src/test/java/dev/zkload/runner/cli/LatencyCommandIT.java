package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.result.HistogramLogs;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.runner.ExitCodes;
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
