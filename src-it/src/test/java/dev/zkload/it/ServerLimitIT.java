package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.it.testing.RunnerProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server's {@code maxClientCnxns} (connections per client address; every session of a runner comes
 * from its one address) below what the plan opens: refused before any load where the server's
 * configuration can be read, and named for what it is, within seconds, where it cannot.
 */
@SuppressWarnings("try")
class ServerLimitIT {
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path tmp;

    @Test
    void aPlanAboveAReadableLimitIsRefusedBeforeAnyLoad() throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder()
                .servers(1)
                .heap("256m")
                .zooCfg("maxClientCnxns", "10")
                .build()) {
            zk.start();
            Path out = tmp.resolve("refused");
            RunnerProcess ramp = RunnerProcess.run(
                    tmp, "--connect", zk.connectString(), "--domains", "4", "--step", "2", "--out", out.toString());

            assertThat(ramp.exitCode()).as(ramp.output()).isEqualTo(1);
            String server = zk.connectString();
            assertThat(ramp.err())
                    .as(ramp.output())
                    .startsWith("zkload: " + server
                            + " takes at most 10 connections from one client address (maxClientCnxns=10)")
                    .contains("at 2 domains of its 4")
                    .contains("set maxClientCnxns=0 (no limit)")
                    .contains("--shard i/N")
                    .doesNotContain("\tat ");
            assertThat(ramp.err().strip().lines()).as("one sentence").hasSize(1);
            assertThat(out).as("no results folder").doesNotExist();
            try (ZooKeeper observer = ZkClients.connect(zk.connectString())) {
                assertThat(observer.exists("/zkload", false))
                        .as("nothing written to the ensemble")
                        .isNull();
            }
        }
    }

    @Test
    void aLimitThatCannotBeReadIsAWarningAndTheRefusalsStopTheRampInSeconds() throws Exception {
        try (LocalEnsemble zk = unreadableLimit(10)) {
            zk.start();
            String server = zk.connectString();
            Path out = tmp.resolve("met");
            // step 1 (5 sessions and zkload's own) fits under 10; step 2's 10 sessions do not
            RunnerProcess ramp = RunnerProcess.start(
                    tmp,
                    "--connect",
                    server,
                    "--domains",
                    "2",
                    "--step",
                    "1",
                    "--settle",
                    "1s",
                    "--sustain",
                    "2s",
                    "--znode-count",
                    "200",
                    "--bench-time",
                    "2s",
                    "--add-timeout",
                    "10m",
                    "--out",
                    out.toString());

            assertThat(ramp.awaitExit(Timeouts.seconds(180))).as(ramp.output()).isEqualTo(1);
            assertThat(ramp.out())
                    .as(ramp.output())
                    .contains("warning: the configuration of " + server + " (\"conf\" is not in 4lw.commands.whitelist")
                    .contains("Stopped: server-refused-connections — " + server)
                    .doesNotContain("cannot-add-domains");
            JsonNode summary = RunnerProcess.json(out.resolve("summary.json"));
            assertThat(summary.path("stopReason").asText()).isEqualTo("server-refused-connections");
            assertThat(summary.path("message").asText())
                    .contains(server)
                    .contains("at 2 domains")
                    .contains("maxClientCnxns")
                    .contains("--shard i/N");
            assertThat(summary.path("saturationObservable").asBoolean())
                    .as("the refused load was not observed")
                    .isFalse();
            assertThat(summary.path("maxStableDomains").asInt()).isEqualTo(1);
            assertThat(RunnerProcess.json(out.resolve("run.json"))
                            .path("target")
                            .path("servers")
                            .get(0)
                            .path("maxClientCnxns")
                            .asText())
                    .isEqualTo("unknown");

            List<JsonNode> steps = RunnerProcess.jsonLines(out.resolve("steps.jsonl"));
            JsonNode refused = steps.get(steps.size() - 1);
            assertThat(refused.path("verdict").asText())
                    .as("the step the refusals stopped while it registered is recorded")
                    .isEqualTo("server-limit");
            assertThat(refused.at("/phases/settleSec").asDouble()).isZero();
            assertThat(refused.at("/ensembleEvents/connectionsRefused").has(server))
                    .as("the server's refusals counted: %s", refused.path("ensembleEvents"))
                    .isTrue();
            Instant stepOneEnded =
                    Instant.parse(steps.get(steps.size() - 2).path("endTime").asText());
            Instant stopped = Instant.parse(summary.path("endTime").asText());
            assertThat(Duration.between(stepOneEnded, stopped))
                    .as("the refusals were seen within seconds, not after --add-timeout")
                    .isLessThan(Duration.ofSeconds(30));
            assertNothingLeft(zk);
        }
    }

    @Test
    void aServerFilledByTheBenchmarkStopsTheMeasuredStepAsServerLimit() throws Exception {
        try (LocalEnsemble zk = unreadableLimit(8)) {
            zk.start();
            String server = zk.connectString();
            Path out = tmp.resolve("measured");
            // one domain's 5 sessions and zkload's 2 register; the benchmark's session then fills the server,
            // which refuses the statistics connections while the step is measured
            RunnerProcess ramp = RunnerProcess.start(
                    tmp,
                    "--connect",
                    server,
                    "--domains",
                    "1",
                    "--step",
                    "1",
                    "--settle",
                    "2s",
                    "--sustain",
                    "2s",
                    "--znode-count",
                    "300",
                    "--bench-time",
                    "3s",
                    "--out",
                    out.toString());

            assertThat(ramp.awaitExit(Timeouts.seconds(180))).as(ramp.output()).isEqualTo(1);
            JsonNode summary = RunnerProcess.json(out.resolve("summary.json"));
            assertThat(summary.path("stopReason").asText()).as(ramp.output()).isEqualTo("server-refused-connections");
            assertThat(summary.path("message").asText()).startsWith(server + " refused ");
            List<JsonNode> steps = RunnerProcess.jsonLines(out.resolve("steps.jsonl"));
            assertThat(steps).hasSize(2);
            assertThat(steps.get(1).path("verdict").asText()).isEqualTo("server-limit");
            assertThat(summary.path("maxStableDomains").isNull()).isTrue();
            assertNothingLeft(zk);
        }
    }

    /** A standalone server whose limit the runner cannot read: conf is not whitelisted, no AdminServer. */
    private static LocalEnsemble unreadableLimit(int maxClientCnxns) {
        return LocalEnsemble.builder()
                .servers(1)
                .heap("256m")
                .zooCfg("maxClientCnxns", Integer.toString(maxClientCnxns))
                .zooCfg("4lw.commands.whitelist", "mntr,srvr,ruok,cons")
                .zooCfg("admin.enableServer", "false")
                .build();
    }

    /** Asked once the runner has ended: a connection of the test's own would count against the limit. */
    private static void assertNothingLeft(LocalEnsemble zk) throws Exception {
        try (ZooKeeper observer = ZkClients.connect(zk.connectString())) {
            assertThat(observer.exists("/zkload", false) == null
                            || observer.getChildren("/zkload", false).isEmpty())
                    .as("nothing left under zkload's root")
                    .isTrue();
        }
    }
}
