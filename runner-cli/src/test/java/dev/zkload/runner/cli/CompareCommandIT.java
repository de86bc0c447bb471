package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.runner.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two real small ramps on their own embedded servers, one with snapCount 100000 and one with 1000000 (the
 * recipe of comparing server settings), put side by side; then the regression gate against a baseline
 * doctored to be far better, which must fail. The first ramp also carries one threshold that holds and
 * one that cannot: the ramp's own end-to-end gate.
 */
class CompareCommandIT {

    private static String[] ramp(Path out, long snapCount, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "--servers",
                "1",
                "--server-heap",
                "256m",
                "--snap-count",
                Long.toString(snapCount),
                "--domains",
                "1",
                "--step",
                "1",
                "--settle",
                "1s",
                "--sustain",
                "2s",
                "--znode-count",
                "50",
                "--jobs-per-domain",
                "2",
                "--out",
                out.toString()));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    @Test
    void twoRampsSideBySideAndAGateThatFailsOnADoctoredBaseline(@TempDir Path tmp) throws Exception {
        Path small = tmp.resolve("snap-100k");
        Path large = tmp.resolve("snap-1m");
        CliRun a = CliRun.of(
                ramp(small, 100_000, "--threshold", "max-stable-domains>=1", "--threshold", "p99(get)<1us", "--json"));
        assertThat(a.exitCode()).as(a.err()).isEqualTo(ExitCodes.THRESHOLD_FAILED);
        assertThat(a.err())
                .contains("Threshold max-stable-domains>=1: pass — at least 1")
                .containsPattern("Threshold p99\\(get\\)<1us: fail — \\d+(\\.\\d+)? ms at load-1 \\(1 domains\\)");
        JsonNode summary =
                ResultJson.compact().readTree(small.resolve("summary.json").toFile());
        assertThat(ResultJson.compact().readTree(a.out())).isEqualTo(summary);
        assertThat(summary.get("stopReason").asText()).isEqualTo("target-reached");
        assertThat(summary.at("/thresholds/0/status").asText()).isEqualTo("pass");
        assertThat(summary.at("/thresholds/1/status").asText()).isEqualTo("fail");
        assertThat(Files.readString(small.resolve("report.md")))
                .contains("### Thresholds", "| p99(get)&lt;1us | fail |");

        CliRun b = CliRun.of(ramp(large, 1_000_000));
        assertThat(b.exitCode()).as(b.err()).isEqualTo(ExitCodes.OK);

        Path out = tmp.resolve("compare");
        CliRun compare = CliRun.of("compare", small.toString(), large.toString(), "--out", out.toString());
        assertThat(compare.exitCode()).as(compare.err()).isEqualTo(ExitCodes.OK);
        String md = Files.readString(out.resolve("compare.md"));
        assertThat(md)
                .containsPattern("\\| target\\.snapCount \\| 100000 \\| 1000000 \\|")
                .contains("## TPS per operation", "## p99 per operation", "## p99.9 per operation")
                .contains("| create | 1 domains |", "snap-1m / snap-100k", "## Server data per step")
                .doesNotContain(tmp.toString());
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .contains(
                            "compare.html",
                            "compare-tps-0-domains.png",
                            "compare-tps-1-domains.png",
                            "compare-p99-1-domains.png");
        }
        assertThat(Files.readString(out.resolve("compare.html"))).contains("<table", "data:image/png;base64,");

        // a baseline that claims ten times the throughput: every operation of the real run regresses
        Path doctored = tmp.resolve("doctored");
        ResultFolders.copy(small, doctored);
        List<String> steps = new ArrayList<>();
        for (String line : Files.readAllLines(doctored.resolve("steps.jsonl"))) {
            ObjectNode step = (ObjectNode) ResultJson.compact().readTree(line);
            step.path("ops").forEach(op -> ((ObjectNode) op)
                    .put("opsPerSec", op.get("opsPerSec").asDouble() * 10));
            steps.add(ResultJson.compact().writeValueAsString(step));
        }
        Files.write(doctored.resolve("steps.jsonl"), steps);
        CliRun gate = CliRun.of(
                "compare",
                doctored.toString(),
                small.toString(),
                "--out",
                tmp.resolve("gate").toString(),
                "--max-regression",
                "10%");
        assertThat(gate.exitCode()).as(gate.err()).isEqualTo(ExitCodes.THRESHOLD_FAILED);
        assertThat(gate.out())
                .containsPattern("Regression: snap-100k at 1 domains: create TPS \\d+(\\.\\d+)? → \\d+(\\.\\d+)? \\(90")
                .contains("Regression gate failed");
        assertThat(Files.readString(tmp.resolve("gate").resolve("compare.md"))).contains("Failed (exit code 3)");
    }
}
