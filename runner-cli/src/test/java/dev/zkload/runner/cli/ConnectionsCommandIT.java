package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.runner.ExitCodes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code connections} end to end on an embedded 3-server ensemble at small sizes: every client's
 * every call is counted in its phase, and the servers' side of each level (outstanding requests of
 * both roles, fsyncs, disk writes, the clients' sessions) is observed.
 */
class ConnectionsCommandIT {

    @Test
    void everyClientsCallsAreCountedAndTheServersSideIsObserved(@TempDir Path out) throws Exception {
        CliRun run = CliRun.of(
                "connections",
                "--clients",
                "5,20",
                "--znodes-per-client",
                "50",
                "--servers",
                "3",
                "--server-heap",
                "256m",
                "--out",
                out.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCodes.OK);
        List<String> lines = Files.readAllLines(out.resolve("levels.jsonl"), StandardCharsets.UTF_8);
        assertThat(lines).hasSize(2);
        JsonNode twenty = ResultJson.compact().readTree(lines.get(1));
        for (String phase : List.of("create", "get", "set", "delete")) {
            JsonNode stats = twenty.get("ops").get(phase);
            assertThat(stats.get("count").asLong()).as(phase).isEqualTo(20 * 50);
            assertThat(stats.get("errors").asLong()).as(phase).isZero();
            assertThat(stats.get("opsPerSec").asDouble()).as(phase).isPositive();
        }
        JsonNode measured = twenty.get("measured");
        assertThat(measured.get("clients").asInt()).isEqualTo(20);
        assertThat(measured.has("leaderOutstandingMax")).isTrue();
        assertThat(measured.has("followerOutstandingMax")).isTrue();
        // 2000 writes go through the leader's log
        assertThat(measured.get("fsyncs").asLong()).isPositive();
        assertThat(measured.get("diskWriteMB").asDouble()).isNotNegative();
        // and each of the three servers' own, which add up to it
        double each = 0;
        for (int id = 1; id <= 3; id++) {
            assertThat(measured.get("diskWriteMB." + id).asDouble())
                    .as("server " + id)
                    .isPositive();
            each += measured.get("diskWriteMB." + id).asDouble();
        }
        assertThat(each).isCloseTo(measured.get("diskWriteMB").asDouble(), within(0.01));
        assertThat(measured.get("sessionExpiries").asLong()).isZero();
        assertThat(Files.readString(out.resolve("report.md"), StandardCharsets.UTF_8))
                .contains("How does the ensemble fare as more clients work at once?", "| 20 |")
                .contains("| diskWriteMB | diskWriteMB.1 | diskWriteMB.2 | diskWriteMB.3 |");
    }
}
