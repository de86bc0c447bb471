package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.bench.stats.FourLetterWords;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.Main;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SIGTERM (what Ctrl-C does, minus the terminal) to a real runner process in the middle of a ramp. */
class RampInterruptIT {

    @Test
    void aSignalEndsTheRampWithItsResultsAndNothingLeftOnTheEnsemble(@TempDir Path out) throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("512m").build()) {
            zk.start();
            long before = znodes(zk);
            String java =
                    Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process runner = new ProcessBuilder(
                            java,
                            "-cp",
                            System.getProperty("java.class.path"),
                            Main.class.getName(),
                            "--connect",
                            zk.connectString(),
                            "--domains",
                            "5",
                            "--step",
                            "1",
                            "--settle",
                            "5m",
                            "--znode-count",
                            "50",
                            "--jobs-per-domain",
                            "3",
                            "--out",
                            out.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(
                            out.resolveSibling(out.getFileName() + ".log").toFile())
                    .start();
            try {
                Path steps = out.resolve("steps.jsonl");
                // the baseline is written, and the first step's domains are settling
                await().atMost(Duration.ofSeconds(90)).until(() -> Files.exists(steps) && znodes(zk) > before + 100);
                runner.destroy();
                assertThat(runner.waitFor(90, TimeUnit.SECONDS)).isTrue();
                assertThat(runner.exitValue()).isEqualTo(ExitCodes.INTERRUPTED);
            } finally {
                runner.destroyForcibly();
            }
            JsonNode summary =
                    ResultJson.compact().readTree(out.resolve("summary.json").toFile());
            assertThat(summary.get("stopReason").asText()).isEqualTo("interrupted");
            assertThat(summary.get("interrupted").asBoolean()).isTrue();
            assertThat(Files.readAllLines(out.resolve("steps.jsonl"))).isNotEmpty();
            assertThat(out.resolve("report.md")).exists();
            assertThat(znodes(zk)).as("everything the run created was removed").isEqualTo(before);
        }
    }

    private static long znodes(LocalEnsemble zk) throws Exception {
        String mntr = FourLetterWords.send(zk.servers().get(0), "mntr", Duration.ofSeconds(5));
        return Long.parseLong(mntr.lines()
                .filter(l -> l.startsWith("zk_znode_count"))
                .findFirst()
                .orElseThrow()
                .split("\t", -1)[1]);
    }
}
