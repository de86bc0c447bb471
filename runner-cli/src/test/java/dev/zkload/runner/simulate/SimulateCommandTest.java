package dev.zkload.runner.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.stats.FourLetterWords;
import dev.zkload.runner.CliRun;
import dev.zkload.runner.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulateCommandTest {

    @Test
    void holdsDomainsPrintsTheirFootprintAndCleansUp(@TempDir Path out) throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("512m").build()) {
            zk.start();
            String before = FourLetterWords.send(zk.servers().get(0), "mntr", Duration.ofSeconds(5));
            CliRun run = CliRun.of("simulate", "--connect", zk.connectString(), "--domains", "1", "--duration", "2s",
                    "--out", out.toString());
            assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
            // watches and sessions are exact from registration on (znodes grow as items first run)
            assertThat(run.out()).containsPattern("watches\\s+5736\\.0\\s+5736\\.0").containsPattern("sessions\\s+5\\.0\\s+5\\.0");
            assertThat(Files.readAllLines(out.resolve("server-metrics.csv")).size()).isGreaterThan(2);
            String after = FourLetterWords.send(zk.servers().get(0), "mntr", Duration.ofSeconds(5));
            assertThat(count(after)).isEqualTo(count(before));
        }
    }

    private static String count(String mntr) {
        return mntr.lines().filter(l -> l.startsWith("zk_znode_count")).findFirst().orElseThrow();
    }
}
