package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.client.Connections;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.sim.testing.ChildJvm;
import dev.zkload.sim.testing.FleetChild;
import dev.zkload.sim.testing.ServerBaseline;
import dev.zkload.zk.ZkTrees;
import dev.zkload.zk.connect.ServerAddress;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lifecycle against a real server, judged by what the server sees: its connections and znodes.
 * Small domains (2 jobs) that do not run, so that each test takes seconds; one test fires jobs every second.
 */
// DomainFleet.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
class DomainFleetLifecycleIT {
    private static final SaturnModel SMALL =
            SaturnModel.saturn21().toBuilder().jobsPerDomain(2).build();
    private static final int SESSIONS = SMALL.executorsPerDomain() + SMALL.consolesPerDomain();
    private static final StatsClient STATS = new StatsClient(Duration.ofSeconds(5));
    private static LocalEnsemble zk;
    private static ServerAddress server;
    private ServerBaseline before;

    @BeforeAll
    static void startServer() throws Exception {
        zk = LocalEnsemble.builder().servers(1).heap("512m").build();
        zk.start();
        server = zk.servers().get(0);
    }

    @AfterAll
    static void stopServer() {
        if (zk != null) {
            zk.close();
        }
    }

    @BeforeEach
    void baseline() throws Exception {
        before = ServerBaseline.of(STATS, server);
    }

    @Test
    void aJvmThatExitsWithoutCloseAndWithoutTheShutdownHookLeavesItsTree(@TempDir Path dir) throws Exception {
        String root = "/unhooked-exit";
        String out = ChildJvm.run(
                dir.resolve("child.log"),
                List.of("-cp", System.getProperty("java.class.path")),
                FleetChild.class,
                zk.connectString(),
                root,
                "exit-without-hook");
        assertThat(out).contains(FleetChild.REGISTERED);
        try (ZooKeeper observer = ZkClients.connect(zk.connectString())) {
            assertThat(observer.getChildren(root, false))
                    .as("no hook removed the tree as the JVM exited")
                    .contains("d-0000");
            ZkTrees.deleteRecursive(observer, root);
        }
        before.awaitAgain();
    }

    private DomainFleet fleet(String root) {
        return DomainFleet.builder(zk.connectString())
                .root(root)
                .model(SMALL)
                .jobRuns(false)
                .build();
    }

    @Test
    void aHealthyFleetCountsEverySessionConnectedConsolesToo() throws Exception {
        try (DomainFleet fleet = fleet("/zkload/lifecycle-healthy")) {
            fleet.start();
            assertThat(fleet.state()).isEqualTo(DomainFleet.State.STARTED);
            fleet.addDomains(2);
            FleetSnapshot s = fleet.snapshot();
            assertThat(s.sessionsOpen()).isEqualTo(2L * SESSIONS);
            assertThat(s.sessionsConnected()).isEqualTo(s.sessionsOpen());
            // the server agrees: every session, plus the fleet's control session
            assertThat(STATS.monitor(server).aliveConnections()).isEqualTo(before.connections() + 2L * SESSIONS + 1);
        }
        before.awaitAgain();
    }

    @Test
    void addingAfterCloseIsAnIllegalStateAndConnectsNothing() throws Exception {
        DomainFleet fleet = fleet("/zkload/lifecycle-after-close");
        fleet.start();
        fleet.addDomains(1);
        fleet.close();
        before.awaitAgain();

        assertThatThrownBy(() -> fleet.addDomains(1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("addDomains needs a STARTED fleet; this one is CLOSED");
        assertThatThrownBy(() -> fleet.removeDomains(1)).isInstanceOf(IllegalStateException.class);
        // nothing connects afterwards either (the control session used to be reopened, and leaked)
        await().during(Duration.ofSeconds(1))
                .atMost(Timeouts.seconds(5))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> STATS.monitor(server).aliveConnections() == before.connections());
        assertThat(fleet.snapshot().domains()).isZero();
        fleet.close();
    }

    @Test
    void closingWhileDomainsAreAddedStopsTheAdderAndLeavesNothingBehind() throws Exception {
        DomainFleet fleet = DomainFleet.builder(zk.connectString())
                .root("/zkload/lifecycle-closing")
                .model(SMALL)
                .jobRuns(false)
                .startBatch(SESSIONS)
                .build();
        fleet.start();
        CompletableFuture<Void> adding = CompletableFuture.runAsync(() -> {
            try {
                fleet.addDomains(20);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        // registration under way: the first batch's sessions are open, 19 domains to go
        await().atMost(Timeouts.seconds(60))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> fleet.snapshot().sessionsOpen() > 0 || adding.isDone());
        assertThat(adding).as("still adding when closed").isNotDone();

        fleet.close();

        assertThatThrownBy(() -> adding.get(Timeouts.seconds(30).toMillis(), TimeUnit.MILLISECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause()
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the fleet was closed while adding domains");
        assertThat(fleet.state()).isEqualTo(DomainFleet.State.CLOSED);
        assertThat(fleet.snapshot().sessionsOpen()).isZero();
        before.awaitAgain();
    }

    @Test
    void removedDomainsLeaveTheirSessionsAndZnodesAndClosingTwiceIsOnce() throws Exception {
        DomainFleet fleet = fleet("/zkload/lifecycle-remove");
        fleet.start();
        fleet.addDomains(1);
        long znodesWithOne = STATS.monitor(server).znodeCount();
        fleet.addDomains(1);

        fleet.removeDomains(1);

        // a clean removal is no error: calls cut short by a session's own close are the close
        assertThat(fleet.snapshot().operationErrorCodes()).isEmpty();
        assertThat(fleet.snapshot().operationErrors()).isZero();
        assertThat(fleet.snapshot().domains()).isEqualTo(1);
        assertThat(fleet.snapshot().sessionsOpen()).isEqualTo(SESSIONS);
        await().atMost(Timeouts.seconds(10))
                .untilAsserted(
                        () -> assertThat(STATS.monitor(server).znodeCount()).isEqualTo(znodesWithOne));
        fleet.close();
        fleet.close();
        assertThat(fleet.state()).isEqualTo(DomainFleet.State.CLOSED);
        assertThat(fleet.snapshot().operationErrorCodes()).isEmpty();
        before.awaitAgain();
    }

    /**
     * While domains go, the others fire no job (so that a saturated leader is not asked for the removal behind their
     * runs), and once the removal returns they fire again. Jobs of a cron of every second: three seconds held are
     * three fires of each job that must not come.
     */
    @Test
    void theOtherDomainsFireNoJobWhileRunsAreHeldAndAgainAfterARemoval(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("every-second.yaml");
        Files.writeString(file, """
                version: saturn-3
                timing: cron
                kinds:
                  - name: a
                    executors: 2
                    jobs:
                      - count: 2
                        items: 2
                        cron: "0/1 * * * * ?"
                        runTime: 50ms
                        enabledReport: true
                """);
        try (DomainFleet fleet = DomainFleet.builder(zk.connectString())
                .root("/zkload/lifecycle-hold")
                .modelFile(ModelFile.read(file))
                .build()) {
            fleet.start();
            fleet.addDomains(2);
            long first = fleet.snapshot().runsStarted();
            await().atMost(Timeouts.seconds(10)).until(() -> fleet.snapshot().runsStarted() > first);
            FleetState state = ((FleetImpl) fleet).domains().get(0).executors.get(0).state;

            state.holdRuns();
            // a fire that began before the hold runs to its end: the count settles first, and then must stay
            long[] last = {-1};
            await().atMost(Timeouts.seconds(15))
                    .pollInterval(Duration.ofMillis(1_500))
                    .until(() -> {
                        long now = fleet.snapshot().runsStarted();
                        boolean settled = now == last[0];
                        last[0] = now;
                        return settled;
                    });
            long held = fleet.snapshot().runsStarted();
            // for 3 s, in which every job would have fired three times, no run starts
            await().during(Duration.ofSeconds(3))
                    .atMost(Duration.ofSeconds(5))
                    .until(() -> fleet.snapshot().runsStarted() == held);
            state.releaseRuns();
            await().atMost(Timeouts.seconds(5)).until(() -> fleet.snapshot().runsStarted() > held);
            FleetSnapshot running = fleet.snapshot();
            assertThat(running.operationErrors())
                    .as(
                            "a clean fleet, whatever its job leaders met of executors still registering (%s)",
                            running.operationErrorCodes())
                    .isZero();
            assertThat(running.failures().values()).as("%s", running.failures()).allMatch(n -> n == 0);
            assertThat(running.reshardsByCause())
                    .as("each domain's console leader resharded once as it began to lead")
                    .containsEntry(ReshardCause.LEADER_ELECTED, 2L);

            // the removal takes the hold itself, for as long as it runs (its round trips take milliseconds)
            AtomicBoolean removing = new AtomicBoolean(true);
            AtomicBoolean sawHeld = new AtomicBoolean();
            Thread watcher = new Thread(() -> {
                while (removing.get()) {
                    sawHeld.compareAndSet(false, state.runsHeld());
                    Thread.onSpinWait();
                }
            });
            watcher.start();
            try {
                fleet.removeDomains(1);
            } finally {
                removing.set(false);
                watcher.join();
            }
            assertThat(sawHeld).as("the removal held the runs").isTrue();
            assertThat(state.runsHeld()).isFalse();
            long removed = fleet.snapshot().runsStarted();
            await().atMost(Timeouts.seconds(5)).until(() -> fleet.snapshot().runsStarted() > removed);
            assertThat(fleet.snapshot().runsFailed()).isZero();
        }
    }

    /**
     * Trees written one request at a time (each domain's) hold what pipelined ones hold: the same persistent znodes once the
     * sessions have registered on them, and the same count in the add's meters.
     */
    @Test
    void serialTreesHoldWhatPipelinedTreesHold() throws Exception {
        SimpleMeterRegistry pipelinedMeters = new SimpleMeterRegistry();
        SimpleMeterRegistry serialMeters = new SimpleMeterRegistry();
        ZooKeeper observer = Connections.open(zk.connectString(), Duration.ofSeconds(30), Duration.ofSeconds(30), null);
        try (DomainFleet pipelined = treesFleet("/zkload/lifecycle-pipelined", true, pipelinedMeters);
                DomainFleet serial = treesFleet("/zkload/lifecycle-serial", false, serialMeters)) {
            pipelined.start();
            serial.start();
            pipelined.addDomains(2);
            serial.addDomains(2);

            Set<String> persistent = persistentZnodes(observer, "/zkload/lifecycle-pipelined");
            assertThat(persistent).hasSizeGreaterThan(100);
            assertThat(persistentZnodes(observer, "/zkload/lifecycle-serial")).isEqualTo(persistent);
            double treeZnodes =
                    pipelinedMeters.get("zkload.sim.add.tree.znodes").counter().count();
            assertThat(treeZnodes).isGreaterThan(100).isLessThan(persistent.size());
            assertThat(serialMeters.get("zkload.sim.add.tree.znodes").counter().count())
                    .isEqualTo(treeZnodes);
            assertThat(serialMeters.get("zkload.sim.add.trees").timer().count()).isEqualTo(1);
            assertThat(serialMeters.get("zkload.sim.add.registration").timer().count())
                    .isEqualTo(1);
        } finally {
            observer.close();
        }
        before.awaitAgain();
    }

    private static DomainFleet treesFleet(String root, boolean pipelined, SimpleMeterRegistry meters) {
        return DomainFleet.builder(zk.connectString())
                .root(root)
                .model(SMALL)
                .jobRuns(false)
                .pipelinedTrees(pipelined)
                .meterRegistry(meters)
                .build();
    }

    /** The persistent znodes under a root, by their paths below it. */
    private static Set<String> persistentZnodes(ZooKeeper zk, String root) throws Exception {
        Set<String> paths = new TreeSet<>();
        for (String path : ZkTrees.list(zk, root)) {
            Stat stat = zk.exists(path, false);
            if (stat != null && stat.getEphemeralOwner() == 0) {
                paths.add(path.substring(root.length()));
            }
        }
        return paths;
    }

    @Test
    void aTreeWriteThatFindsItsZnodeTakenNamesThePath() throws Exception {
        try (DomainFleet fleet = fleet("/zkload/lifecycle-taken")) {
            fleet.start();
            ZooKeeper observer =
                    Connections.open(zk.connectString(), Duration.ofSeconds(30), Duration.ofSeconds(30), null);
            try {
                observer.create(
                        "/zkload/lifecycle-taken/d-0000", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            } finally {
                observer.close();
            }

            assertThatThrownBy(() -> fleet.addDomains(1))
                    .isInstanceOf(DomainStartException.class)
                    .hasMessage("domain d-0000: writing the domains' trees failed: KeeperErrorCode = NodeExists for"
                            + " /zkload/lifecycle-taken/d-0000");
            assertThat(fleet.snapshot().operationErrorCodes()).containsEntry("multi NODEEXISTS", 1L);
        }
        before.awaitAgain();
    }
}
