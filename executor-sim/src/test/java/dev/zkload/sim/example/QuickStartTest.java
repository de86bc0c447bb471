package dev.zkload.sim.example;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.stats.FourLetterWords;
import dev.zkload.sim.FleetSnapshot;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Runs the documented example, so the documentation cannot rot. */
class QuickStartTest {

    @Test
    void theDocumentedExampleRunsAndCleansUp() throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("512m").build()) {
            zk.start();
            FleetSnapshot s = QuickStart.run(zk.connectString(), 2, 1_000);
            assertThat(s.domains()).isEqualTo(2);
            assertThat(s.sessionsOpen()).isEqualTo(10);
            // the console wrote each domain as multis: a skeleton, then config and structure per job
            assertThat(s.operations().get("multi")).isGreaterThanOrEqualTo(2 * (1 + 2 * 35L));
            String dump = FourLetterWords.send(zk.servers().get(0), "mntr", Duration.ofSeconds(5));
            assertThat(dump).contains("zk_ephemerals_count\t0");
        }
    }
}
