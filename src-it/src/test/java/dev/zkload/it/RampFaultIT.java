package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.it.testing.Quorums;
import dev.zkload.it.testing.RunnerProcess;
import dev.zkload.it.testing.Signals;
import dev.zkload.it.testing.Znodes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ramp, as a process against a real 3-server ensemble, when the majority is lost under it —
 * killed, or hung (stopped, its ports silent) for longer than the 20 s a lost quorum takes: the ramp
 * stops with {@code errors}, keeps what it had, exits 1 with one sentence, and {@code clean} removes
 * what it could not. One ensemble for both, healed after each. (A fault the ensemble survives, a leader killed or a follower stalled,
 * ends the ramp with {@code disturbed} in whatever phase it hits: {@link FaultVerdictIT}.)
 */
// ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RampFaultIT {
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path tmp;

    private LocalEnsemble zk;
    private final List<Long> stopped = new ArrayList<>();

    @BeforeAll
    void startEnsemble() throws Exception {
        zk = Quorums.ofThree().build();
        zk.start();
    }

    @AfterAll
    void stopEnsemble() {
        zk.close();
    }

    @AfterEach
    void heal() throws Exception {
        for (long pid : stopped) {
            Signals.send("CONT", pid);
        }
        stopped.clear();
        for (int id = 1; id <= 3; id++) {
            if (!zk.isRunning(id)) {
                zk.restart(id);
            }
        }
        await().atMost(Timeouts.seconds(60)).until(() -> zk.leader() > 0);
    }

    @Test
    void losingTheMajorityStopsTheRampWithErrorsAndKeepsEveryStep() throws Exception {
        Path out = tmp.resolve("majority");
        String root;
        try (RunnerProcess ramp = settlingRamp(out);
                ZooKeeper observer = ZkClients.connect(zk.connectString())) {
            root = awaitSettling(ramp, out, observer);
            int leader = zk.leader();
            zk.kill(leader);
            zk.kill(leader % 3 + 1);

            assertLostQuorum(ramp, out);
            assertThat(ramp.out())
                    .as(ramp.output())
                    .contains("clean --connect " + zk.connectString() + " --root " + root);
            assertThat(ramp.err()).as("no stack trace without --verbose").doesNotContain("\tat ");
        }
        heal();
        assertCleanRemovesWhatIsLeft(root);
    }

    @Test
    void aHungMajorityIsALostQuorumToo() throws Exception {
        Path out = tmp.resolve("hung");
        String root;
        try (RunnerProcess ramp = settlingRamp(out);
                ZooKeeper observer = ZkClients.connect(zk.connectString())) {
            root = awaitSettling(ramp, out, observer);
            // two of three servers stopped: their ports accept (the kernel does) and nothing answers
            int leader = zk.leader();
            for (int id : new int[] {leader, leader % 3 + 1}) {
                long pid = zk.processStats(id).pid();
                Signals.send("STOP", pid);
                stopped.add(pid);
            }
            // stalled until the ramp has judged the step (20 s without a leader), then the servers go on
            Path steps = out.resolve("steps.jsonl");
            await().atMost(Timeouts.seconds(90))
                    .until(() -> !ramp.process().isAlive()
                            || RunnerProcess.jsonLines(steps).size() >= 2);
            heal();

            assertLostQuorum(ramp, out);
            assertThat(RunnerProcess.jsonLines(out.resolve("steps.jsonl"))
                            .get(1)
                            .path("ensembleEvents")
                            .path("unresponsiveSec")
                            .elements())
                    .toIterable()
                    .as("the two stopped servers are named silent")
                    .filteredOn(sec -> sec.asDouble() >= 15)
                    .hasSize(2);
        }
        assertCleanRemovesWhatIsLeft(root);
    }

    /** A ramp of 3 domains, one a step, whose first load step settles long enough for any fault. */
    private RunnerProcess settlingRamp(Path out) throws IOException {
        return RunnerProcess.start(
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
    }

    /** The run's root, once its first load step settles: the domain registered in full (its executors' ips, statuses, job leaders). */
    private static String awaitSettling(RunnerProcess ramp, Path out, ZooKeeper observer) {
        String root = ramp.awaitRoot(out);
        await().atMost(Timeouts.seconds(120))
                .until(() -> Znodes.registeredDomains(observer, root + "/sim") == 1
                        && Znodes.ephemeralOwners(observer, root).size() >= 140);
        return root;
    }

    /** The ramp stopped with errors, a lost quorum, in the step the fault hit, and kept the step before. */
    private static void assertLostQuorum(RunnerProcess ramp, Path out) throws Exception {
        assertThat(ramp.awaitExit(Timeouts.seconds(180))).as(ramp.output()).isEqualTo(1);
        assertThat(ramp.out())
                .as(ramp.output())
                .contains("Stopped: errors — the ensemble lost its quorum: no leader for");
        JsonNode summary = RunnerProcess.json(out.resolve("summary.json"));
        assertThat(summary.path("stopReason").asText()).isEqualTo("errors");
        assertThat(summary.path("maxStableDomains").isNull())
                .as("the step without a quorum is not stable: none")
                .isTrue();
        List<JsonNode> steps = RunnerProcess.jsonLines(out.resolve("steps.jsonl"));
        assertThat(steps).as("the baseline and the step the quorum was lost in").hasSize(2);
        assertThat(steps.get(1).path("verdict").asText()).isEqualTo("errors");
        assertThat(steps.get(1).path("leaderlessSec").asDouble()).isGreaterThanOrEqualTo(20.0);
        assertThat(out.resolve("report.md")).isRegularFile();
    }

    /** Once the ensemble is back, clean removes what the run could not. */
    private void assertCleanRemovesWhatIsLeft(String root) throws Exception {
        try (ZooKeeper observer = ZkClients.connect(zk.connectString())) {
            // a run that could not release its locks without a quorum (the run's on its root, the fleet's on its
            // sim folder, each held by a session of its own): each goes when the servers end its session
            await().atMost(Timeouts.seconds(90))
                    .until(() -> observer.exists(root + "/zkload.lock", false) == null
                            && observer.exists(root + "/sim/zkload.lock", false) == null);
            RunnerProcess clean = RunnerProcess.run(tmp, "clean", "--connect", zk.connectString(), "--root", root);
            assertThat(clean.exitCode()).as(clean.output()).isZero();
            assertThat(Znodes.tree(observer, root)).isEmpty();
        }
    }
}
