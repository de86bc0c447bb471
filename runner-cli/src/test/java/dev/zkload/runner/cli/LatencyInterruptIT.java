package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.Main;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM (what Ctrl-C does, minus the terminal) to a real runner process in the middle of {@code latency} on its
 * embedded server: what was measured is kept, summary.json says it was interrupted, the report is still written,
 * and the server it started does not outlive it.
 */
class LatencyInterruptIT {

    @Test
    void aSignalMidBenchmarkKeepsTheResultsWritesTheReportAndStopsTheServer(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process runner = new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        Main.class.getName(),
                        "latency",
                        "--znode-count",
                        "1000000",
                        "--out",
                        out.toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("latency.log").toFile())
                .start();
        List<ProcessHandle> servers;
        try {
            // the run is prepared (run.json written, the server forked) and the benchmark under way
            await().atMost(Duration.ofSeconds(90)).until(() -> Files.exists(out.resolve("run.json")));
            Thread.sleep(3000);
            servers = runner.descendants().toList();
            assertThat(servers).as("the embedded server, a child of the runner").isNotEmpty();
            runner.destroy();
            assertThat(runner.waitFor(90, TimeUnit.SECONDS)).isTrue();
            assertThat(runner.exitValue())
                    .as(Files.readString(dir.resolve("latency.log")))
                    .isEqualTo(ExitCodes.INTERRUPTED);
        } finally {
            runner.descendants().forEach(ProcessHandle::destroyForcibly);
            runner.destroyForcibly();
        }
        JsonNode summary =
                ResultJson.compact().readTree(out.resolve("summary.json").toFile());
        assertThat(summary.path("latency").path("interrupted").asBoolean()).isTrue();
        assertThat(out.resolve("latency.json")).exists();
        assertThat(out.resolve("report.md"))
                .as("the report, written after the signal")
                .exists();
        assertThat(Files.readString(dir.resolve("latency.log"))).doesNotContain("The report could not be written");
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(servers).noneMatch(ProcessHandle::isAlive));
    }
}
