package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.ops.Op;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.it.testing.ProxyProcess;
import dev.zkload.it.testing.Quorums;
import dev.zkload.it.testing.RunnerProcess;
import dev.zkload.it.testing.Znodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code disrupt} as a user runs it, against real forked quorums of 3. On the runner's own embedded
 * ensemble, each fault it injects: a follower restarted at two loads, the leader restarted, the leader
 * killed and restarted after a delay, every server restarted in turn, a follower stalled for less and
 * for more than the simulated sessions' 20 s timeout (each run forks its own quorum, which it takes
 * down with it): none of them expires a session, so no console reshards. Against an ensemble of the
 * test's, shared: the runner cut off from it past the session timeout by the user's {@code --fault-cmd}
 * (freezing the proxies it connects through), which expires every session and sets off the consoles'
 * reshard storm, the tree then checked to hold nothing of the run; and a refusal.
 *
 * <p>Every fault of the command runs through the same plan and the same checks of its recovery, sessions and
 * leftovers here, which a split by fault would write once per class.
 */
// ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DisruptIT {
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path tmp;

    private LocalEnsemble zk;

    @BeforeAll
    void startEnsemble() throws Exception {
        zk = Quorums.ofThree().build();
        zk.start();
    }

    @AfterAll
    void stopEnsemble() {
        zk.close();
    }

    private static RunnerProcess disrupt(Path out, String... args) throws IOException, InterruptedException {
        String[] all = new String[args.length + 5];
        all[0] = "disrupt";
        System.arraycopy(args, 0, all, 1, args.length);
        System.arraycopy(new String[] {"--settle", "4s", "--out", out.toString()}, 0, all, args.length + 1, 4);
        RunnerProcess runner = RunnerProcess.start(out.getParent().resolve("logs"), all);
        runner.awaitExit(Timeouts.seconds(240));
        return runner;
    }

    private static List<JsonNode> levels(Path out) throws IOException {
        return RunnerProcess.jsonLines(out.resolve("levels.jsonl"));
    }

    private static double measured(JsonNode level, String name) {
        JsonNode value = level.path("measured").path(name);
        assertThat(value.isNumber())
                .as("%s observed at %s domains: %s", name, level.path("label"), level)
                .isTrue();
        return value.asDouble();
    }

    /** A fault that expires no session leaves every executor registered: no console has anything to reshard. */
    private static void assertNoReshard(JsonNode level) {
        assertThat(measured(level, "reshards"))
                .as("reshards of a fault that expired no session")
                .isZero();
        assertThat(measured(level, "reshardWrites")).isZero();
    }

    @Test
    void aRestartedFollowerCostsNoLeaderAndNoSessionAtEachLoadAndComesBackWithinSeconds() throws Exception {
        Path out = tmp.resolve("restart-follower");
        RunnerProcess runner = disrupt(
                out,
                "--domains",
                "2,4",
                "--fault",
                "restart-follower",
                "--recovery-timeout",
                "60s",
                "--threshold",
                "expired-sessions==0",
                "--threshold",
                "recovery-time<60s");
        assertThat(runner.exitCode()).as(runner.output()).isZero();
        List<JsonNode> levels = levels(out);
        assertThat(levels).extracting(l -> l.path("value").asLong()).containsExactly(2L, 4L);
        double disconnected = 0;
        for (JsonNode level : levels) {
            assertThat(measured(level, "recovered")).isEqualTo(1.0);
            assertThat(measured(level, "recoveryMs")).isBetween(500.0, 60_000.0);
            assertThat(measured(level, "sessionsBackMs")).isLessThanOrEqualTo(measured(level, "recoveryMs"));
            assertThat(measured(level, "leaderlessMs"))
                    .as("a follower's restart keeps the leader")
                    .isZero();
            assertThat(measured(level, "sessionsExpired")).isZero();
            assertNoReshard(level);
            assertThat(measured(level, "sessions"))
                    .isEqualTo(5.0 * level.path("value").asLong());
            assertThat(measured(level, "ephemeralsBefore")).isPositive();
            assertThat(measured(level, "watchesBefore")).isPositive();
            assertProbeRanEveryOperation(level);
            disconnected += measured(level, "sessionsDisconnected");
        }
        assertThat(disconnected).as("the stopped follower's sessions were cut").isPositive();
        assertThat(levels.get(1).path("measured").path("ephemeralsBefore").asDouble())
                .as("twice the domains, about twice the ephemerals")
                .isGreaterThan(1.5
                        * levels.get(0)
                                .path("measured")
                                .path("ephemeralsBefore")
                                .asDouble());
        List<String> timeline = Files.readAllLines(out.resolve("timeline.csv"));
        assertThat(timeline.get(0)).startsWith("domains,secondsFromFault,leads,silent");
        assertThat(timeline).anyMatch(l -> l.startsWith("2,-")).anyMatch(l -> l.startsWith("4,"));
        JsonNode summary = RunnerProcess.json(out.resolve("summary.json"));
        assertThat(summary.path("thresholds"))
                .hasSize(2)
                .allMatch(t -> t.path("status").asText().equals("pass"));
        // the answer: each level's headline figures, in summary.json and at the console's end
        for (JsonNode level : levels) {
            long domains = level.path("value").asLong();
            for (String figure : List.of("recoveryMs", "leaderlessMs", "sessionsBackMs", "sessionsDisconnected")) {
                assertThat(summary.path("answer").path(figure + "@" + domains).asDouble())
                        .as("%s@%d in %s", figure, domains, summary.path("answer"))
                        .isEqualTo(measured(level, figure));
            }
            assertThat(runner.out())
                    .contains("At " + domains + " domains: recovered "
                            + String.format(java.util.Locale.ROOT, "%.1f", measured(level, "recoveryMs") / 1000)
                            + " s after the fault began; 0.0 s without a leader; every session back after ");
        }
        List<String> console = runner.out().lines().toList();
        int measuredLine = console.indexOf(console.stream()
                .filter(l -> l.startsWith("2 of 2 level(s) measured."))
                .findFirst()
                .orElseThrow());
        assertThat(console.subList(measuredLine - 2, measuredLine))
                .as("the answer ends the console, before where the results are")
                .satisfiesExactly(l -> assertThat(l).startsWith("At 2 domains: "), l -> assertThat(l)
                        .startsWith("At 4 domains: "));
        assertThat(Files.readString(out.resolve("report.md")))
                .contains("What does a fault cost at each load?")
                .contains("(sessions-after-fault.png)");
        assertThat(out.resolve("sessions-after-fault.png")).isNotEmptyFile();
    }

    @Test
    void aStallShorterThanTheSessionTimeoutExpiresNoSession() throws Exception {
        Path out = tmp.resolve("stall");
        RunnerProcess runner = disrupt(
                out,
                "--domains",
                "3",
                "--fault",
                "stall",
                "--stall",
                "4s",
                "--server",
                "follower",
                "--recovery-timeout",
                "60s");
        assertThat(runner.exitCode()).as(runner.output()).isZero();
        JsonNode level = levels(out).get(0);
        assertThat(measured(level, "sessionsExpired")).isZero();
        assertNoReshard(level);
        assertThat(measured(level, "leaderlessMs")).isZero();
        assertThat(measured(level, "faultSeconds")).isBetween(4.0, 10.0);
        assertThat(measured(level, "recoveryMs"))
                .as(
                        "the stalled server answers again only after its stall (a round is timed at its start, once a second)")
                .isBetween(3_000.0, 60_000.0);
        assertThat(level.path("notes").toString()).contains("paused (SIGSTOP) for 4 s");
    }

    /**
     * One level of {@code domains} struck by {@code fault} on the runner's embedded quorum, and what every
     * single server's fault on a quorum of 3 must show: recovered, back to the settled footprint, every
     * session cut back on its own session (none expired, so no reshard), the probe served.
     *
     * @param more the fault's own options
     */
    private JsonNode recoveredLevel(String fault, int domains, String... more)
            throws IOException, InterruptedException {
        Path out = tmp.resolve("embedded-" + fault);
        List<String> args = new ArrayList<>(
                List.of("--domains", Integer.toString(domains), "--fault", fault, "--recovery-timeout", "90s"));
        args.addAll(List.of(more));
        RunnerProcess runner = disrupt(out, args.toArray(String[]::new));
        assertThat(runner.exitCode()).as(runner.output()).isZero();
        JsonNode level = levels(out).get(0);
        assertThat(measured(level, "recovered")).isEqualTo(1.0);
        assertThat(measured(level, "footprintBackMs")).isLessThanOrEqualTo(measured(level, "recoveryMs"));
        assertThat(measured(level, "sessionsExpired")).isZero();
        assertNoReshard(level);
        assertThat(measured(level, "sessionsReconnected"))
                .as("every session cut came back")
                .isEqualTo(measured(level, "sessionsDisconnected"));
        assertProbeRanEveryOperation(level);
        return level;
    }

    /** The probe's cycles put each of the seven operations in front of the fault. */
    private static void assertProbeRanEveryOperation(JsonNode level) {
        for (Op op : Op.values()) {
            assertThat(level.path("ops").path(op.jsonName()).path("count").asLong())
                    .as(op.jsonName() + " in " + level.path("ops"))
                    .isPositive();
        }
    }

    /** A time without a leader up to {@code most} ms, or, when the election fell between two rounds, a note saying so. */
    private static void assertElection(JsonNode level, double most) {
        if (measured(level, "leaderlessMs") == 0) {
            assertThat(level.path("notes").toString()).contains("shorter than a round, not none");
        } else {
            assertThat(measured(level, "leaderlessMs")).isLessThanOrEqualTo(most);
        }
    }

    @Test
    void aRestartedLeaderLeavesTheEnsembleWithoutALeaderUntilTheOthersElectOne() throws Exception {
        JsonNode level = recoveredLevel("restart-leader", 2);
        assertElection(level, measured(level, "recoveryMs"));
        assertThat(measured(level, "sessionsDisconnected"))
                .as("the followers drop their clients while they elect: every session is cut, not only the leader's")
                .isGreaterThanOrEqualTo(measured(level, "sessions"));
        assertThat(level.path("notes").toString()).contains("stopped (SIGTERM) and started again");
    }

    @Test
    void aKilledLeaderStaysDownForTheDelayAndTheOthersLeadMeanwhile() throws Exception {
        JsonNode level = recoveredLevel("kill-leader", 2, "--restart-delay", "3s");
        assertThat(measured(level, "faultSeconds"))
                .as("down for the delay, then started until it serves")
                .isGreaterThan(3.0);
        // a new leader is elected while the killed one is down, not after it returns
        assertElection(level, measured(level, "faultSeconds") * 1000);
        assertThat(measured(level, "sessionsDisconnected"))
                .as("every session is cut by the election")
                .isGreaterThanOrEqualTo(measured(level, "sessions"));
        assertThat(measured(level, "sessionsBackMs"))
                .as("the sessions are back on the two others before the killed server returns")
                .isLessThan(measured(level, "faultSeconds") * 1000);
        assertThat(level.path("notes").toString()).contains("killed (SIGKILL), started again 3 s later");
    }

    @Test
    void aRollingRestartRestartsEveryServerInTurnAndNoSessionLost() throws Exception {
        JsonNode level = recoveredLevel("rolling-restart", 1);
        assertThat(level.path("notes").toString()).containsPattern("servers \\[\\d, \\d, \\d\\] restarted in turn");
        // the leader, restarted last, is replaced once
        assertElection(level, measured(level, "recoveryMs"));
        assertThat(measured(level, "sessionsDisconnected"))
                .as("each server's restart cuts its sessions")
                .isPositive();
        assertThat(measured(level, "recoveryMs"))
                .isGreaterThanOrEqualTo(measured(level, "faultSeconds") * 1000 - 1_000);
    }

    @Test
    void aFollowerStalledPastTheSessionTimeoutLosesItsSessionsToTheOthersBeforeTheyExpire() throws Exception {
        // 20 sessions over three servers: the stalled one holds some of them (with 10, none 1.7% of the time)
        JsonNode level = recoveredLevel("stall", 4, "--stall", "24s", "--threshold", "expired-sessions==0");
        assertThat(measured(level, "leaderlessMs")).isZero();
        assertThat(measured(level, "sessionsDisconnected"))
                .as("the stalled server's sessions, not every session")
                .isBetween(1.0, measured(level, "sessions") - 1);
        // the clients give a silent server up two thirds of the 20 s session timeout (13.3 s) after its last
        // answer, which a quiet moment puts a little before the stall (12.9 s seen), and move to another server,
        // which takes the session on: moved before it could expire, and not at once as from a refused port
        assertThat(measured(level, "sessionsBackMs")).isBetween(10_000.0, 20_000.0);
        assertThat(measured(level, "recoveryMs")).isGreaterThanOrEqualTo(23_000.0);
    }

    @Test
    void aUsersCommandCuttingTheRunnerOffPastTheSessionTimeoutExpiresTheSessionsAndTheConsolesReshard()
            throws Exception {
        // a partition: the ensemble keeps its leader and expires every session it has not heard from for
        // 20 s (30 s cut off: a session's last ping and the server's 2 s expiry ticks leave 8 s of margin); the runner,
        // back, registers every executor and console again and the consoles reshard (a
        // stalled majority expires only the sessions that lose the race with the resumed leader's expiry)
        Path out = tmp.resolve("fault-cmd");
        RunnerProcess runner;
        // the command resumes the proxies itself, also when the runner dies before it ends
        try (ProxyProcess proxies = new ProxyProcess(zk.servers())) {
            long pid = proxies.pid();
            runner = disrupt(
                    out,
                    "--connect",
                    proxies.connectString(),
                    "--domains",
                    "2",
                    "--fault-cmd",
                    "kill -STOP " + pid + " && sleep 30; kill -CONT " + pid,
                    "--recovery-timeout",
                    "90s",
                    "--threshold",
                    "reshards==0");
        }
        assertThat(runner.exitCode())
                .as("the consoles resharded: " + runner.output())
                .isEqualTo(3);
        JsonNode level = levels(out).get(0);
        assertThat(measured(level, "faultSeconds")).isBetween(30.0, 36.0);
        assertThat(measured(level, "recovered")).isEqualTo(1.0);
        // a round is timed when it starts: one begun just before the CONT can read the servers back
        assertThat(measured(level, "recoveryMs")).isGreaterThanOrEqualTo(29_000.0);
        assertThat(measured(level, "sessionsExpired"))
                .as("no server heard from any session for longer than its timeout")
                .isEqualTo(measured(level, "sessions"));
        assertThat(measured(level, "reshards"))
                .as("the consoles expired too: each domain's new console leader resharded")
                .isPositive();
        assertThat(measured(level, "reshardWrites"))
                .as("each reshard sets a job's assignment at least, then the sharding content and count")
                .isGreaterThanOrEqualTo(3 * measured(level, "reshards"));
        JsonNode threshold = RunnerProcess.json(out.resolve("summary.json"))
                .path("thresholds")
                .get(0);
        assertThat(threshold.path("status").asText()).isEqualTo("fail");
        assertThat(threshold.path("value").asDouble()).isEqualTo(measured(level, "reshards"));
        assertThat(level.path("notes").toString()).contains("the command ran and exited with 0");
        assertProbeRanEveryOperation(level);
        long probeErrors = 0;
        for (Op op : Op.values()) {
            probeErrors += level.path("ops").path(op.jsonName()).path("errors").asLong();
        }
        assertThat(probeErrors)
                .as("the probe's session was cut off too: " + level.path("ops"))
                .isPositive();
        List<String> timeline = Files.readAllLines(out.resolve("timeline.csv"));
        assertThat(timeline.get(0)).endsWith(",reshards,reshardWrites,sessionsLost");
        String last = timeline.get(timeline.size() - 1);
        assertThat(Double.parseDouble(last.substring(last.lastIndexOf(',') + 1)))
                .as("every session was lost, then expired (two each), since the level began: " + last)
                .isGreaterThanOrEqualTo(2 * measured(level, "sessions"));
        assertThat(out.resolve("reshard-writes-after-fault.png")).isNotEmptyFile();
        String root = RunnerProcess.json(out.resolve("run.json")).path("root").asText();
        try (ZooKeeper observer = ZkClients.connect(zk.connectString())) {
            await().atMost(Timeouts.seconds(30))
                    .until(() -> Znodes.tree(observer, root).isEmpty());
        }
    }

    @Test
    void aFaultCommandThatFailsIsAFailedLevelNeverARecovery() throws Exception {
        Path out = tmp.resolve("fault-cmd-fails");
        RunnerProcess runner = disrupt(
                out,
                "--connect",
                zk.connectString(),
                "--domains",
                "1",
                "--fault-cmd",
                "echo 'ssh: connect to host zk3 port 22: Connection refused'; exit 255");
        assertThat(runner.exitCode()).as(runner.output()).isEqualTo(1);
        assertThat(runner.out())
                .contains("Level 1 FAILED: the fault command exited with 255 (its output is in fault-cmd-1.log),"
                        + " so the fault did not happen as meant and nothing was measured")
                .doesNotContain("recovered");
        assertThat(out.resolve("levels.jsonl")).as("no level was measured").doesNotExist();
        JsonNode summary = RunnerProcess.json(out.resolve("summary.json"));
        assertThat(summary.path("stopReason").asText()).isEqualTo("errors");
        assertThat(summary.path("answer").isEmpty()).as("%s", summary).isTrue();
        assertThat(out.resolve("fault-cmd-1.log")).content().contains("Connection refused");
        String root = RunnerProcess.json(out.resolve("run.json")).path("root").asText();
        try (ZooKeeper observer = ZkClients.connect(zk.connectString())) {
            assertThat(Znodes.tree(observer, root)).isEmpty();
        }
    }

    @Test
    void anEmbeddedFaultAgainstConnectIsRefusedInOneSentence() throws Exception {
        Path out = tmp.resolve("refused");
        RunnerProcess runner =
                disrupt(out, "--connect", zk.connectString(), "--domains", "2", "--fault", "restart-leader");
        assertThat(runner.exitCode()).isEqualTo(2);
        assertThat(runner.err())
                .contains("--fault restart-leader needs the embedded ensemble")
                .doesNotContain("Exception");
        assertThat(out).doesNotExist();
    }
}
