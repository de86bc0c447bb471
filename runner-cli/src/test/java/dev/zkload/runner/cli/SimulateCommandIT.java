package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.bench.stats.FourLetterWords;
import dev.zkload.runner.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulateCommandIT {

    @Test
    void holdsDomainsOnAThreeServerEnsemblePrintsTheirFootprintAndCleansUp(@TempDir Path out) throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(3).heap("256m").build()) {
            zk.start();
            String before = FourLetterWords.send(zk.servers().get(0), "mntr", Duration.ofSeconds(5));
            CliRun run = CliRun.of(
                    "simulate",
                    "--connect",
                    zk.connectString(),
                    "--domains",
                    "1",
                    "--duration",
                    "10s",
                    "--threshold",
                    "sessions-per-domain==5",
                    "--threshold",
                    "expired-sessions==0",
                    "--json",
                    "--out",
                    out.toString());
            assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
            // --json: the human text on stderr, the summary alone on stdout
            assertThat(run.err())
                    .containsPattern("\\s+measured\\s+model\\s+deviation")
                    // watches and sessions are exact from registration on (znodes grow as items first run); the
                    // sessions are counted from cons, so the other servers' connections cannot take one away
                    .containsPattern("watches\\s+5736\\.0\\s+5736\\.0\\s+\\+0\\.0%")
                    .containsPattern("sessions\\s+5\\.0\\s+5\\.0\\s+\\+0\\.0%")
                    .containsPattern("writes/s\\s+\\d+\\.\\d\\d\\s+11\\.55")
                    .contains("Runner: runner CPU")
                    .contains("Threshold sessions-per-domain==5: pass — 5 at 1 domains")
                    .contains("Threshold expired-sessions==0: pass — 0 at 1 domains")
                    .contains("Thresholds: all 2 passed");
            assertThat(Files.readAllLines(out.resolve("server-metrics.csv")).size())
                    .isGreaterThan(3);
            JsonNode summary =
                    ResultJson.compact().readTree(out.resolve("summary.json").toFile());
            assertThat(ResultJson.compact().readTree(run.out())).isEqualTo(summary);
            assertThat(summary.at("/thresholds/0/status").asText()).isEqualTo("pass");
            assertThat(summary.at("/fleet/sessionEvents/expired").asLong()).isZero();
            assertThat(summary.at("/measuredPerDomain/sessions").asDouble()).isEqualTo(5.0);
            // 35 jobs fire once a minute each at a random second: in 10 s one fires but with odds of about 1 in 600
            assertThat(summary.at("/generator/fireLag/count").asLong()).isPositive();
            assertThat(ResultJson.compact()
                            .readTree(out.resolve("run.json").toFile())
                            .at("/target/servers")
                            .size())
                    .isEqualTo(3);
            String after = FourLetterWords.send(zk.servers().get(0), "mntr", Duration.ofSeconds(5));
            assertThat(count(after)).as("nothing left on the ensemble").isEqualTo(count(before));
        }
    }

    private static String count(String mntr) {
        return mntr.lines()
                .filter(l -> l.startsWith("zk_znode_count"))
                .findFirst()
                .orElseThrow();
    }
}
