package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ramp, as a process against a real 3-server ensemble, when the majority is lost under it: the
 * ramp stops with {@code errors}, keeps what it had, exits 1 with one sentence, and {@code clean}
 * removes what it could not. (A fault the ensemble survives, a leader killed or a follower stalled,
 * ends the ramp with {@code disturbed} in whatever phase it hits: {@link FaultVerdictIT}.)
 */
// ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
class RampFaultIT {
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path tmp;

    @Test
    void losingTheMajorityStopsTheRampWithErrorsAndKeepsEveryStep() throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(3).heap("256m").build()) {
            zk.start();
            Path out = tmp.resolve("majority");
            String root;
            try (RunnerProcess ramp = RunnerProcess.start(
                            tmp,
                            "--connect",
                            zk.connectString(),
                            "--domains",
                            "3",
                            "--step",
                            "1",
                            "--settle",
                            "120s",
                            "--znode-count",
                            "200",
                            "--out",
                            out.toString());
                    ZooKeeper observer = ZkClients.connect(zk.connectString())) {
                root = awaitRoot(ramp, out);
                // settling: the domain registered in full (its executors' ips, statuses, job leaders)
                await().atMost(Timeouts.seconds(120))
                        .until(() -> domains(observer, root + "/sim") == 1
                                && Znodes.ephemeralOwners(observer, root).size() >= 140);
                int leader = zk.leader();
                zk.kill(leader);
                zk.kill(leader % 3 + 1);

                assertThat(ramp.awaitExit(Timeouts.seconds(180)))
                        .as(ramp.output())
                        .isEqualTo(1);
                assertThat(ramp.out())
                        .as(ramp.output())
                        .contains("Stopped: errors — the ensemble lost its quorum: no leader for")
                        .contains("clean --connect " + zk.connectString() + " --root " + root);
                assertThat(ramp.err()).as("no stack trace without --verbose").doesNotContain("\tat ");
                JsonNode summary = RunnerProcess.json(out.resolve("summary.json"));
                assertThat(summary.path("stopReason").asText()).isEqualTo("errors");
                assertThat(summary.path("maxStableDomains").isNull())
                        .as("the step without a quorum is not stable: none")
                        .isTrue();
                List<JsonNode> steps = RunnerProcess.jsonLines(out.resolve("steps.jsonl"));
                assertThat(steps)
                        .as("the baseline and the step the quorum was lost in")
                        .hasSize(2);
                assertThat(steps.get(1).path("leaderlessSec").asDouble()).isGreaterThanOrEqualTo(20.0);
                assertThat(out.resolve("report.md")).isRegularFile();
            }
            // once the ensemble is back, clean removes what the run could not
            for (int id = 1; id <= 3; id++) {
                if (!zk.isRunning(id)) {
                    zk.restart(id);
                }
            }
            try (ZooKeeper observer = ZkClients.connect(zk.connectString())) {
                // the run could not release its lock without a quorum: the lock goes when the servers end its session
                String lock = root + "/zkload.lock";
                await().atMost(Timeouts.seconds(90)).until(() -> observer.exists(lock, false) == null);
                RunnerProcess clean = RunnerProcess.run(tmp, "clean", "--connect", zk.connectString(), "--root", root);
                assertThat(clean.exitCode()).as(clean.output()).isZero();
                assertThat(Znodes.tree(observer, root)).isEmpty();
            }
        }
    }

    /** The run's root, from run.json, which the ramp writes before it touches the ensemble. */
    static String awaitRoot(RunnerProcess ramp, Path out) {
        Path runJson = out.resolve("run.json");
        await().atMost(Timeouts.seconds(60)).until(() -> {
            assertThat(ramp.process().isAlive() || Files.isRegularFile(runJson))
                    .as(ramp.output())
                    .isTrue();
            return Files.isRegularFile(runJson) && Files.size(runJson) > 0;
        });
        return await().atMost(Timeouts.seconds(10))
                .until(() -> RunnerProcess.json(runJson).path("root").asText(), r -> r.startsWith("/zkload/ramp-"));
    }

    /** Domains whose executors have all registered (each executor's ephemeral ip is there); a run's fleet is at its root's /sim. */
    static int domains(ZooKeeper zk, String root) throws Exception {
        if (zk.exists(root, false) == null) {
            return 0;
        }
        int up = 0;
        for (String domain : zk.getChildren(root, false)) {
            String executors = root + "/" + domain + "/$SaturnExecutors/executors";
            if (zk.exists(executors, false) != null
                    && zk.getChildren(executors, false).size() == 3) {
                boolean registered = true;
                for (String e : zk.getChildren(executors, false)) {
                    registered &= zk.exists(executors + "/" + e + "/ip", false) != null;
                }
                up += registered ? 1 : 0;
            }
        }
        return up;
    }
}
