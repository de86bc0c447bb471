package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.engine.run.ConnectionDemand;
import dev.zkload.sim.ModelFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RampPlanTest {

    @Test
    void aModelFilesMixIsPlannedForItsKindsByShareNotAllAtTheLargest(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("shop.yaml");
        Files.writeString(file, """
                version: saturn-3
                kinds:
                  - {name: orders, weight: 80, executors: 2, consoles: 1, jobs: [{items: 1}]}
                  - {name: reports, weight: 20, executors: 6, consoles: 2, jobs: [{items: 1}]}
                """);
        RampPlan plan =
                Plans.plan(300, true, "model file shop.yaml: 80% like orders, 20% like reports", ModelFile.read(file));

        ConnectionDemand demand = plan.connectionDemand();
        assertThat(plan.sessionsPerDomain())
                .as("a batch of adds is sized for the largest kind")
                .isEqualTo(8);
        assertThat(demand.steps())
                .extracting(ConnectionDemand.Step::sessions)
                .as("80 domains of 3 sessions and 20 of 8 per hundred")
                .containsExactly(400, 800, 1_200);
        assertThat(demand.sessions(demand.last())).isEqualTo(1_200 + ConnectionDemand.OWN_SESSIONS);
    }
}
