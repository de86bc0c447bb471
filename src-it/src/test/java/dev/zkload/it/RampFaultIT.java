package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ramp, as a process against a real 3-server ensemble, while servers die under it: a follower
 * and then the leader killed during a measured step (the ramp goes on, the step shows the fault,
 * the load recovers to the model's footprint), and the majority lost (the ramp stops with
 * {@code errors}, keeps what it had, exits 1 with one sentence).
 */
// ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
class RampFaultIT {
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path tmp;

    @Test
    void aFollowerAndThenTheLeaderKilledDuringAMeasuredStepShowInThatStepAndTheLoadRecovers() throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(3).heap("256m").build()) {
            zk.start();
            Path out = tmp.resolve("faults");
            try (RunnerProcess ramp = RunnerProcess.start(
                            tmp,
                            "--connect",
                            zk.connectString(),
                            "--domains",
                            "2",
                            "--step",
                            "1",
                            "--settle",
                            "5s",
                            // long enough for the ensemble to elect a new leader within the faulty step
                            "--sustain",
                            "30s",
                            "--znode-count",
                            "2000",
                            "--bench-target",
                            "ensemble",
                            "--max-error-rate",
                            "0.5",
                            "--out",
                            out.toString());
                    ZooKeeper observer = ZkClients.connect(zk.connectString())) {
                String root = awaitRoot(ramp, out);
                // step 1 is being measured once its domain is up and the benchmark has made its own root
                await().atMost(Timeouts.seconds(120))
                        .until(() -> domains(observer, root + "/sim") == 1
                                && observer.exists(root + "/bench", false) != null);
                Instant faultAt = Instant.now();
                int leader = zk.leader();
                int follower = leader % 3 + 1;
                zk.kill(follower);
                zk.restart(follower);
                zk.kill(leader);
                await().atMost(Timeouts.seconds(30)).until(() -> zk.leader() > 0);
                zk.restart(leader);

                assertThat(ramp.awaitExit(Timeouts.seconds(300)))
                        .as(ramp.output())
                        .isZero();
                assertThat(RunnerProcess.json(out.resolve("summary.json"))
                                .path("stopReason")
                                .asText())
                        .isEqualTo("target-reached");
                List<JsonNode> steps = RunnerProcess.jsonLines(out.resolve("steps.jsonl"));
                assertThat(steps).hasSize(3);

                JsonNode faulty = steps.stream()
                        .filter(s -> Instant.parse(s.path("startTime").asText()).isBefore(faultAt)
                                && Instant.parse(s.path("endTime").asText()).isAfter(faultAt))
                        .findFirst()
                        .orElseThrow();
                assertThat(faulty.path("step").asInt()).isEqualTo(1);
                JsonNode events = faulty.path("fleet").path("sessionEvents");
                long benchErrors = 0;
                for (JsonNode op : faulty.path("ops")) {
                    benchErrors += op.path("errors").asLong();
                }
                assertThat(events.path("disconnected").asLong() + benchErrors)
                        .as("the killed servers' sessions were cut, or the benchmark's calls failed: %s", faulty)
                        .isPositive();
                assertThat(events.path("expired").asLong())
                        .as("both servers came back within the session timeout")
                        .isZero();

                // step 2 was measured after the ensemble recovered: the two domains (one of them through the
                // faults) hold what the model says each domain holds
                JsonNode expected = RunnerProcess.json(out.resolve("run.json"))
                        .path("model")
                        .path("expectedPerDomain");
                JsonNode measured = steps.get(2).path("footprintPerDomain");
                for (String field : List.of("ephemerals", "watches", "sessions", "znodes")) {
                    double want = expected.path(field).asDouble();
                    assertThat(measured.path(field).asDouble())
                            .as("%s per domain after the recovery: %s", field, steps.get(2))
                            .isCloseTo(want, within(0.1 * want));
                }
                assertThat(Znodes.tree(observer, root))
                        .as("the ramp removed its domains")
                        .isEmpty();
            }
        }
    }

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
