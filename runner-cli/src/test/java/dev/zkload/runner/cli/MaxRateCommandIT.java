package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.runner.ExitCodes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code max-rate} for real, briefly: every rate tried is held open-loop and judged, the mix is held,
 * and the answer is the highest rate that held — one the run measured, never one it guessed.
 */
class MaxRateCommandIT {

    @Test
    void theAnswerIsTheHighestRateThatHeld(@TempDir Path out) throws Exception {
        CliRun run = CliRun.of(
                "max-rate",
                "--mix",
                "get=80,set=15,create=5",
                "--hold",
                "2s",
                "--start-rate",
                "500",
                "--max-probes",
                "3",
                "--p99-bound",
                "2s",
                "--server-heap",
                "256m",
                "--threshold",
                "max-rate>=1000M",
                "--threshold",
                "generator-cpu<1000%",
                "--out",
                out.toString());
        // the sweep itself went well; only the threshold no ensemble here can pass sets the exit code
        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCodes.THRESHOLD_FAILED);
        assertThat(run.out()).contains("Threshold max-rate>=1000M: ").contains("Thresholds: 1 of 2 failed");
        List<JsonNode> levels = new ArrayList<>();
        for (String line : Files.readAllLines(out.resolve("levels.jsonl"), StandardCharsets.UTF_8)) {
            levels.add(ResultJson.compact().readTree(line));
        }
        assertThat(levels).hasSize(3);
        long highestHeld = 0;
        for (JsonNode level : levels) {
            JsonNode measured = level.get("measured");
            long target = level.get("value").asLong();
            assertThat(measured.get("targetRate").asLong()).isEqualTo(target);
            long calls = 0;
            for (String op : List.of("get", "set", "create")) {
                calls += level.get("ops").get(op).get("count").asLong();
            }
            // every call the schedule asked for was sent and returned, 80/15/5 of them
            assertThat(calls).isEqualTo(target * 2);
            assertThat(level.get("ops").get("get").get("count").asLong()).isEqualTo(calls * 80 / 100);
            if (measured.get("passed").asDouble() == 1.0) {
                highestHeld = Math.max(highestHeld, target);
            } else {
                assertThat(level.get("notes")).isNotEmpty();
            }
        }
        JsonNode summary =
                ResultJson.compact().readTree(out.resolve("summary.json").toFile());
        assertThat(summary.get("levelsFinished").asInt()).isEqualTo(3);
        JsonNode thresholds = summary.get("thresholds");
        assertThat(thresholds.get(0).get("status").asText()).isIn("fail", "not-observed");
        assertThat(thresholds.get(1).get("status").asText()).isEqualTo("pass");
        if (highestHeld > 0) {
            assertThat(summary.get("answer").get("maxRate").asLong()).isEqualTo(highestHeld);
        } else {
            assertThat(summary.get("answer").has("maxRate")).isFalse();
        }
        assertThat(Files.readString(out.resolve("report.md"), StandardCharsets.UTF_8))
                .contains("What is the highest throughput at which latency stays under the bound?")
                .contains("| max-rate&gt;=1000M | ")
                .contains("calls/s (the closest to the limit of 3)");
    }

    @Test
    void aMixOfUnknownOperationsIsRefused(@TempDir Path tmp) {
        CliRun bad = CliRun.of(
                "max-rate", "--mix", "get=80,scan=20", "--out", tmp.resolve("x").toString());
        assertThat(bad.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(bad.err()).contains("--mix: 'scan' is not one of get, exists, set, create, delete");
    }

    @Test
    void aThresholdIsCheckedAgainstTheExperimentsLevelsBeforeAnythingStarts(@TempDir Path tmp) {
        CliRun search = CliRun.of(
                "max-rate",
                "--threshold",
                "max-rate>=1k@2000",
                "--out",
                tmp.resolve("x").toString());
        assertThat(search.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(search.err()).contains("max-rate has none to pick");
        CliRun sweep = CliRun.of(
                "znodes",
                "--counts",
                "0,1k",
                "--threshold",
                "p99(get)<5ms@2k",
                "--out",
                tmp.resolve("y").toString());
        assertThat(sweep.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(sweep.err())
                .contains("--threshold \"p99(get)<5ms@2k\": @2000 is not a level of this run; its levels have 0, 1000"
                        + " znodes");
        assertThat(tmp.resolve("y")).doesNotExist();
    }
}
