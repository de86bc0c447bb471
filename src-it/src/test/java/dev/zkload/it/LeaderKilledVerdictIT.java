package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.ensemble.ServerDistribution;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.it.testing.OneStepRamp;
import dev.zkload.it.testing.Quorums;
import dev.zkload.it.testing.RunnerProcess;
import dev.zkload.it.testing.Znodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A leader SIGKILLed in the middle of a step, on a ZooKeeper release other than the bundled one (3.8.4,
 * resolved from Maven Central as {@code --server-version} resolves it): the step is {@code disturbed}
 * even though the runner passed its own limits meanwhile. On a busy machine the sessions reconnecting
 * after such an election gave the runner a 1.3 s GC pause, and the step was called the runner's limit;
 * here {@code --max-generator-cpu 0.1} makes the runner pass a limit in every step for sure, so that
 * the test does not wait on a GC pause. The election and the time without a leader are in
 * summary.json, and the report's Servers table names the leader after it.
 */
// ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
class LeaderKilledVerdictIT {
    private static final String VERSION = "3.8.4";
    private static final Duration SETTLE = Duration.ofSeconds(16);

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path tmp;

    @Test
    void aLeaderKilledWhileTheRunnerStrainsIsTheFaultsWithTheElectionInTheSummaryAndTheReport() throws Exception {
        Path out = tmp.resolve("ramp");
        try (LocalEnsemble zk = Quorums.ofThree()
                .distribution(ServerDistribution.resolve(VERSION, line -> {}))
                .build()) {
            zk.start();
            try (RunnerProcess ramp = OneStepRamp.start(
                            tmp, zk.connectString(), SETTLE, Duration.ofSeconds(8), out, "--max-generator-cpu", "0.1");
                    ZooKeeper observer = ZkClients.connect(zk.connectString())) {
                String root = ramp.awaitRoot(out);
                OneStepRamp.awaitPhase(OneStepRamp.Phase.SETTLE, observer, root, SETTLE);
                int killed = zk.leader();
                assertThat(killed).as("a leader before the fault").isPositive();
                zk.kill(killed);
                int elected = await().atMost(Timeouts.seconds(30)).until(zk::leader, id -> id > 0);
                zk.restart(killed);

                assertThat(ramp.awaitExit(Timeouts.seconds(300)))
                        .as(ramp.output())
                        .isZero();
                List<JsonNode> steps = RunnerProcess.jsonLines(out.resolve("steps.jsonl"));
                assertThat(steps).as(ramp.output()).hasSize(2);
                JsonNode step = steps.get(1);
                assertThat(step.path("generatorBound").asBoolean())
                        .as("the runner passed its limit: %s", step.path("generator"))
                        .isTrue();
                assertThat(step.path("verdict").asText()).as(ramp.output()).isEqualTo("disturbed");

                JsonNode summary = RunnerProcess.json(out.resolve("summary.json"));
                assertThat(summary.path("stopReason").asText()).isEqualTo("disturbed");
                assertThat(summary.path("generatorBoundAtDomains").isNull()).isTrue();
                assertThat(summary.path("message").asText())
                        .as("the fault first, the runner's strain after it")
                        .startsWith("at 2 domains the ensemble was disturbed: the leader changed")
                        .contains("; the runner strained as the fault made it (the runner used ");
                assertThat(summary.path("verdict").asText()).doesNotContain("--shard");
                JsonNode election = summary.path("elections").path(0);
                assertThat(election.path("step").asInt()).as("%s", summary).isEqualTo(1);
                assertThat(election.path("leaderChanges").asInt()).isPositive();
                String newLeader = zk.servers().get(elected - 1).hostPort();
                String oldLeader = zk.servers().get(killed - 1).hostPort();
                assertThat(election.path("leader").asText()).isEqualTo(newLeader);

                String report = Files.readString(out.resolve("report.md"));
                assertThat(report)
                        .contains("| " + oldLeader + " | " + VERSION)
                        .contains("leader until step 1's election")
                        .contains("leader after step 1's election")
                        .contains("Elections: step 1 (2 domains): a new leader, ");
                assertThat(Znodes.tree(observer, root))
                        .as("the ramp removed everything")
                        .isEmpty();
            }
        }
    }
}
