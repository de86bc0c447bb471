package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

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
 * {@code data-size} end to end at small sizes: every level's znodes really hold that much data (the
 * data rate follows from it), large levels shrink to --max-data, and a size above the servers'
 * jute.maxbuffer ends the sweep in one sentence.
 */
class DataSizeCommandIT {

    @Test
    void eachSizeIsMeasuredAndLargeOnesFitMaxData(@TempDir Path out) throws Exception {
        CliRun run = CliRun.of(
                "data-size",
                "--sizes",
                "100,10k",
                "--znode-count",
                "200",
                "--warmup",
                "0",
                "--max-data",
                "1MiB",
                "--server-heap",
                "256m",
                "--json",
                "--out",
                out.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCodes.OK);
        // --json: stdout holds summary.json alone, the human text went to stderr
        assertThat(ResultJson.compact().readTree(run.out()))
                .isEqualTo(ResultJson.compact()
                        .readTree(out.resolve("summary.json").toFile()));
        assertThat(run.err()).contains("2 of 2 level(s) measured");
        List<String> lines = Files.readAllLines(out.resolve("levels.jsonl"), StandardCharsets.UTF_8);
        assertThat(lines).hasSize(2);
        JsonNode small = ResultJson.compact().readTree(lines.get(0));
        JsonNode large = ResultJson.compact().readTree(lines.get(1));
        assertThat(small.get("value").asLong()).isEqualTo(100);
        assertThat(small.get("ops").get("get").get("count").asLong()).isEqualTo(200);
        // 1 MiB holds 104 znodes of 10 kB
        assertThat(large.get("measured").get("znodesPerOperation").asInt()).isEqualTo(104);
        assertThat(large.get("ops").get("set").get("count").asLong()).isEqualTo(104);
        assertThat(large.get("notes").toString()).contains("--max-data");
        for (JsonNode level : List.of(small, large)) {
            double getsPerSecond = level.get("ops").get("get").get("opsPerSec").asDouble();
            assertThat(level.get("measured").get("getMBPerSecond").asDouble())
                    .isCloseTo(
                            getsPerSecond * level.get("value").asLong() / 1e6,
                            org.assertj.core.data.Offset.offset(0.01));
            assertThat(level.get("ops").get("create").get("errors").asLong()).isZero();
        }
        assertThat(Files.readString(out.resolve("report.md"), StandardCharsets.UTF_8))
                .contains("How much slower is each operation as znodes hold more data?", "| 10k |");
    }

    @Test
    void aSizeAboveTheServersJuteMaxbufferEndsTheSweepInOneSentence(@TempDir Path out) throws Exception {
        CliRun run = CliRun.of(
                "data-size",
                "--sizes",
                "100,100k",
                "--znode-count",
                "50",
                "--server-jvm-opts",
                "-Djute.maxbuffer=20000",
                "--server-heap",
                "256m",
                "--out",
                out.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCodes.RUNTIME_FAILURE);
        assertThat(run.out()).contains("jute.maxbuffer is smaller", "raise -Djute.maxbuffer on every server");
        JsonNode summary =
                ResultJson.compact().readTree(out.resolve("summary.json").toFile());
        assertThat(summary.get("stopReason").asText()).isEqualTo("errors");
        assertThat(summary.get("levelsFinished").asInt()).isZero();
        assertThat(out.resolve("levels.jsonl")).doesNotExist();
    }
}
