package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.client.Connections;
import dev.zkload.bench.client.RunLock;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.runner.Main;
import dev.zkload.sim.testing.FleetChild;
import dev.zkload.sim.testing.ServerBaseline;
import dev.zkload.zk.ZkClientSecurity;
import dev.zkload.zk.ZkTrees;
import dev.zkload.zk.claim.RootLock;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fleet on a shared server: its root claimed and never stolen, only what it created removed, and
 * a JVM that ends without close() leaving nothing (System.exit) or a leftover that the next fleet
 * and {@code clean} name and can remove (SIGKILL). Judged by the server's znodes and connections.
 * A run's lock and a fleet's claim are checked against each other here too, on the one server this class
 * starts.
 */
class FleetRootIT {
    private static final StatsClient STATS = new StatsClient(Duration.ofSeconds(5));
    private static LocalEnsemble zk;
    private static ServerAddress server;
    private static ZooKeeper observer;
    private ServerBaseline before;

    @BeforeAll
    static void startServer() throws Exception {
        zk = LocalEnsemble.builder().servers(1).heap("512m").build();
        zk.start();
        server = zk.servers().get(0);
        observer = Connections.open(zk.connectString(), Duration.ofSeconds(30), Duration.ofSeconds(30), null);
    }

    @AfterAll
    static void stopServer() throws InterruptedException {
        if (observer != null) {
            observer.close();
        }
        if (zk != null) {
            zk.close();
        }
    }

    @BeforeEach
    void baseline() throws Exception {
        before = ServerBaseline.of(STATS, server);
    }

    private static DomainFleet.Builder fleet(String root) {
        return DomainFleet.builder(zk.connectString())
                .root(root)
                .model(FleetChild.SMALL)
                .jobRuns(false);
    }

    @Test
    void aSecondFleetOnARootInUseIsRefusedNamingTheHolderAndTheFirstKeepsEverything() throws Exception {
        try (DomainFleet first = fleet("/trial/same").build()) {
            first.start();
            first.addDomains(1);
            long znodes = STATS.monitor(server).znodeCount();

            DomainFleet second = fleet("/trial/same").build();
            assertThatThrownBy(second::start)
                    .isInstanceOf(DomainStartException.class)
                    .hasMessageStartingWith(
                            "/trial/same is held by a live fleet or run (executor-sim fleet /trial/same," + " pid "
                                    + ProcessHandle.current().pid() + " on " + RootLock.localHost() + ", started ")
                    .hasMessageContaining(", session 0x")
                    .hasMessageEndingWith(
                            "); nothing was touched: give this fleet another root, or end that one first");
            second.close();

            assertThat(second.state()).isEqualTo(DomainFleet.State.CLOSED);
            assertThat(STATS.monitor(server).znodeCount())
                    .as("the first fleet's znodes")
                    .isEqualTo(znodes);
            assertThat(first.snapshot().sessionsConnected()).isEqualTo(5);
            assertThat(first.namespaces()).containsExactly("d-0000");
            // clean reads the fleet's claim as a live run's lock, and names it
            RunLock.Owner owner =
                    RunLock.holder(observer, "/trial/same").orElseThrow().owner();
            assertThat(owner.command()).isEqualTo("executor-sim fleet");
            assertThat(owner.pid()).isEqualTo(ProcessHandle.current().pid());
            assertThat(clean("/trial/same"))
                    .startsWith("1 zkload: /trial/same is in use by a live run (executor-sim"
                            + " fleet /trial/same, pid "
                            + ProcessHandle.current().pid());
        }
        before.awaitAgain();
    }

    @Test
    void aRootARunHoldsIsRefusedToo() throws Exception {
        try (RunLock lock = runLock("/zkload/held-by-a-run", ramp("ramp-1"), false)) {
            DomainFleet fleet = fleet("/zkload/held-by-a-run").build();
            assertThatThrownBy(fleet::start)
                    .isInstanceOf(DomainStartException.class)
                    .hasMessageStartingWith("/zkload/held-by-a-run is held by a live fleet or run (ramp ramp-1, pid ");
            assertThat(observer.getChildren(lock.root(), false)).containsExactly(RunLock.NAME);
            assertThat(RunLock.holder(observer, lock.root()))
                    .as("the run still holds it")
                    .isPresent();
        }
        before.awaitAgain();
    }

    @Test
    void aRunsLockIsNamedAboveItAndItsLeftoverIsAFleetsToRefuseAndTakeOver() throws Exception {
        // outside /zkload, so that only the root's marker tells the fleet a run made it
        String root = "/runs/ramp-x";
        long pid = ProcessHandle.current().pid();
        RunLock.Owner run = ramp("ramp-x");
        try (RunLock lock = runLock(root, run, false)) {
            observer.create(root + "/d-0000", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            assertThatThrownBy(() -> fleet("/runs").build().start())
                    .isInstanceOf(DomainStartException.class)
                    .hasMessageStartingWith("/runs holds another live fleet or run below it (" + root
                            + ": ramp ramp-x, pid "
                            + pid + " on " + RootLock.localHost() + ", started " + run.started() + ", session 0x"
                            + Long.toHexString(lock.sessionId()) + ")");
        }
        // the run is gone, its lock with it, and it left its tree
        assertThat(observer.getChildren(root, false)).containsExactly("d-0000");
        assertThatThrownBy(() -> fleet(root).build().start())
                .isInstanceOf(DomainStartException.class)
                .hasMessage(leftoverRefused(root, "1 znode"));
        try (DomainFleet fleet = fleet(root).takeOverLeftoverRoot().build()) {
            fleet.start();
            assertThat(observer.getChildren(root, false)).containsExactly("zkload.lock");
        }
        assertThat(observer.exists(root, false))
                .as("taken over, so removed at close")
                .isNull();
        assertThat(observer.exists("/runs", false))
                .as("the parent the run made, marked as zkload's and empty, gone with the last claim out")
                .isNull();
        before.awaitAgain();
    }

    @Test
    void aFleetsClaimIsARunsLiveHolderAndItsLeftoverTheRunnersToFindAndClean() throws Exception {
        String root = "/fleets/f";
        long pid = ProcessHandle.current().pid();
        RunLock.Owner run = ramp("ramp-y");
        try (DomainFleet fleet = fleet(root).keepTreeOnClose(true).build()) {
            fleet.start();
            fleet.addDomains(1);
            assertThatThrownBy(() -> runLock(root, run, true))
                    .as("not even with force")
                    .isInstanceOf(RunLock.HeldException.class)
                    .hasMessageStartingWith(root + " is in use by a live run (executor-sim fleet " + root + ", pid "
                            + pid + " on " + RootLock.localHost() + ", started ");
            assertThat(clean("/fleets"))
                    .startsWith(
                            "1 zkload: /fleets is in use by a live run (executor-sim fleet " + root + ", pid " + pid);
        }
        // the fleet is gone and kept its tree: no live holder, a root the runner's leftover warning counts as zkload's
        assertThat(RunLock.holder(observer, root)).isEmpty();
        assertThat(RootLock.markedRoot(observer.getData(root, false, null))).isTrue();
        assertThatThrownBy(() -> runLock(root, run, false))
                .isInstanceOf(IllegalStateException.class)
                // the whole kept tree is counted: the domain's znodes below the root
                .hasMessageMatching(Pattern.quote(root)
                        + " already exists and holds [1-9][0-9]{2,} znodes; choose another root, or use --force to"
                        + " clear it");
        assertThat(clean(root)).startsWith("0 Removed ");
        assertThat(observer.exists(root, false)).isNull();
        before.awaitAgain();
    }

    @Test
    void aRootAboveALiveFleetIsRefusedNamingItAndAnOuterFleetsCloseKeepsAnInnerOnesClaim() throws Exception {
        try (DomainFleet inner = fleet("/zkload/outer/inner").build()) {
            inner.start();
            inner.addDomains(1);
            long innerZnodes = ZkTrees.list(observer, "/zkload/outer/inner").size();

            DomainFleet above = fleet("/zkload").build();
            assertThatThrownBy(above::start)
                    .isInstanceOf(DomainStartException.class)
                    .hasMessageStartingWith("/zkload holds another live fleet or run below it (/zkload/outer/inner:"
                            + " executor-sim fleet /zkload/outer/inner, pid "
                            + ProcessHandle.current().pid())
                    .hasMessageEndingWith("); nothing was touched: give this fleet a root of its own beside the"
                            + " others, not above them");
            assertThat(ZkTrees.list(observer, "/zkload/outer/inner")).hasSize((int) innerZnodes);

            // a fleet that another started inside since it claimed its root: its close leaves the inner one whole
            DomainFleet outer = fleet("/zkload/outer2").build();
            try (DomainFleet nested = fleet("/zkload/outer2/nested").build()) {
                outer.start();
                outer.addDomains(1);
                nested.start();
                nested.addDomains(1);
                long nestedZnodes =
                        ZkTrees.list(observer, "/zkload/outer2/nested").size();
                outer.close();
                assertThat(ZkTrees.list(observer, "/zkload/outer2/nested"))
                        .as("the nested fleet's tree and claim")
                        .hasSize((int) nestedZnodes);
                assertThat(observer.getChildren("/zkload/outer2", false)).containsExactly("nested");
                assertThat(nested.snapshot().sessionsConnected()).isEqualTo(5);
            } finally {
                outer.close();
            }
            assertThat(observer.exists("/zkload/outer2", false))
                    .as("left by the outer fleet for the nested one, empty now")
                    .isNotNull();
            observer.delete("/zkload/outer2", -1);
        }
        before.awaitAgain();
    }

    @Test
    void aMissingChrootAndAnotherApplicationsTreeAreNamedAsSuch() throws Exception {
        DomainFleet chrooted = DomainFleet.builder(zk.connectString() + "/no-such-chroot")
                .root("/zkload/chrooted")
                .build();
        assertThatThrownBy(chrooted::start)
                .isInstanceOf(DomainStartException.class)
                .hasMessage("cannot claim root /zkload/chrooted: the connect string's chroot /no-such-chroot does not"
                        + " exist on the ensemble (ZooKeeper does not create a chroot): create it first, or leave it"
                        + " out of the connect string");
        assertThat(chrooted.state()).isEqualTo(DomainFleet.State.CLOSED);

        observer.create("/otherapp", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        observer.create("/otherapp/data", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        assertThatThrownBy(() -> fleet("/otherapp").build().start())
                .isInstanceOf(DomainStartException.class)
                .hasMessage("/otherapp holds 1 znode and no fleet or run made it (it is outside /zkload and carries no"
                        + " zkload marker: another application's tree?); nothing was touched: give this fleet a root of"
                        + " its own");
        assertThat(observer.getChildren("/otherapp", false)).containsExactly("data");
        observer.delete("/otherapp/data", -1);
        observer.delete("/otherapp", -1);
        before.awaitAgain();
    }

    @Test
    void parentsThatExistedBeforeStayEmptyOrNotAndThoseTheFleetCreatedGo() throws Exception {
        observer.create("/preexisting", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        observer.create("/preexisting/level2", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        try (DomainFleet fleet = fleet("/preexisting/level2/sim").build()) {
            fleet.start();
            fleet.addDomains(1);
        }
        assertThat(observer.exists("/preexisting/level2/sim", false)).isNull();
        assertThat(observer.getChildren("/preexisting/level2", false))
                .as("kept, and empty")
                .isEmpty();
        assertThat(observer.getChildren("/preexisting", false)).containsExactly("level2");

        // a root that existed (empty) is kept too; only what is under it goes
        observer.create("/preexisting/level2/mine", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        try (DomainFleet fleet = fleet("/preexisting/level2/mine").build()) {
            fleet.start();
            fleet.addDomains(1);
        }
        assertThat(observer.getChildren("/preexisting/level2/mine", false)).isEmpty();

        // and what the fleet created, all of it, goes
        try (DomainFleet fleet = fleet("/fresh/a/b").build()) {
            fleet.start();
            assertThat(observer.getData("/fresh/a", false, null)).asString().isEqualTo("zkload");
        }
        assertThat(observer.exists("/fresh", false)).isNull();

        ZkTrees.deleteRecursive(observer, "/preexisting");
        before.awaitAgain();
    }

    @Test
    void keepingTheTreeOnCloseReleasesTheClaimAndLeavesALeftover() throws Exception {
        try (DomainFleet fleet = fleet("/zkload/kept").keepTreeOnClose(true).build()) {
            fleet.start();
            fleet.addDomains(1);
        }
        assertThat(observer.getChildren("/zkload/kept", false)).containsExactly("d-0000");
        assertThatThrownBy(() -> fleet("/zkload/kept").build().start()).hasMessageStartingWith("/zkload/kept holds ");
        assertThat(clean("/zkload/kept")).startsWith("0 Removed ");
        before.awaitAgain();
    }

    @Test
    void aJvmThatExitsWithoutCloseLeavesNothing(@TempDir Path dir) throws Exception {
        Process child = child("/zkload/exits", "exit", dir);
        assertThat(child.waitFor(Timeouts.seconds(60).toSeconds(), TimeUnit.SECONDS))
                .isTrue();
        assertThat(Files.readString(dir.resolve("child.log"))).contains(FleetChild.REGISTERED);
        assertThat(child.exitValue()).isZero();
        assertThat(observer.exists("/zkload/exits", false))
                .as("the shutdown hook removed the root")
                .isNull();
        before.awaitAgain();
    }

    @Test
    void aKilledFleetsLeftoverIsRefusedWithItsSizeThenTakenOverOrCleaned(@TempDir Path dir) throws Exception {
        String root = "/zkload/killed";
        killed(root, dir);

        // at first its claim outlives it, until the servers expire its session
        assertThatThrownBy(() -> fleet(root).build().start())
                .hasMessageStartingWith(root + " is held by a live fleet or run (executor-sim fleet " + root)
                .hasMessageContaining("its process is gone, and the servers end its session within its timeout (20 s"
                        + " after the process died at the latest; the claim goes with the session: try again then)");
        awaitSessionsExpired(root);
        int leftover = ZkTrees.list(observer, root).size();
        assertThatThrownBy(() -> fleet(root).build().start())
                .isInstanceOf(DomainStartException.class)
                .hasMessage(leftoverRefused(root, (leftover - 1) + " znodes"));
        assertThat(ZkTrees.list(observer, root)).as("nothing touched").hasSize(leftover);

        try (DomainFleet fleet = fleet(root).takeOverLeftoverRoot().build()) {
            fleet.start();
            assertThat(observer.getChildren(root, false)).containsExactly("zkload.lock");
            fleet.addDomains(1);
            assertThat(fleet.snapshot().sessionsConnected()).isEqualTo(5);
        }
        assertThat(observer.exists(root, false))
                .as("taken over, so removed at close")
                .isNull();

        // a leftover is also clean's to remove
        killed(root, dir);
        awaitSessionsExpired(root);
        assertThat(clean(root)).startsWith("0 Removed ");
        assertThat(observer.exists(root, false)).isNull();
        before.awaitAgain();
    }

    /** A child JVM's fleet on {@code root}, registered, then SIGKILLed. */
    private static void killed(String root, Path dir) throws Exception {
        Process child = child(root, "hold", dir);
        try {
            await().atMost(Timeouts.seconds(60))
                    .until(() -> Files.readString(dir.resolve("child.log")).contains(FleetChild.REGISTERED));
        } finally {
            child.destroyForcibly(); // SIGKILL: no shutdown hook runs
            child.waitFor();
        }
    }

    /** The killed JVM's sessions expired: its claim and every other ephemeral gone. */
    private static void awaitSessionsExpired(String root) {
        await().atMost(Timeouts.seconds(60))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> observer.exists(root + "/zkload.lock", false) == null
                        && STATS.monitor(server).ephemeralsCount() == 0);
    }

    private static Process child(String root, String mode, Path dir) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return new ProcessBuilder(
                        java.toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        FleetChild.class.getName(),
                        zk.connectString(),
                        root,
                        mode)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("child.log").toFile())
                .start();
    }

    /** A fleet's refusal of {@code root}, a leftover of {@code size}. */
    private static String leftoverRefused(String root, String size) {
        return root + " holds " + size + " but no live fleet or run holds it (a leftover of one that is gone); nothing"
                + " was touched: give this fleet another root, take the leftover over with"
                + " DomainFleet.builder(..).takeOverLeftoverRoot() (deletes what is under it), or remove it with: java"
                + " -jar runner.jar clean --connect " + zk.connectString() + " --root " + root;
    }

    /** A ramp of this process, as the runner names it in its lock. */
    private static RunLock.Owner ramp(String runId) {
        return new RunLock.Owner("ramp", runId, ProcessHandle.current().pid(), RootLock.localHost(), Instant.now());
    }

    /** The lock on {@code root}, taken as the runner's ramp takes it. */
    private static RunLock runLock(String root, RunLock.Owner owner, boolean force) throws Exception {
        return RunLock.acquire(
                zk.connectString(),
                ZkClientSecurity.NONE,
                Duration.ofSeconds(20),
                Duration.ofSeconds(10),
                root,
                owner,
                force);
    }

    /** {@code runner.jar clean} in this JVM: its exit code, a space, what it printed. */
    private static String clean(String root) {
        StringWriter out = new StringWriter();
        int code = Main.run(
                new String[] {"clean", "--connect", zk.connectString(), "--root", root},
                new PrintWriter(out, true),
                new PrintWriter(out, true));
        return code + " " + out.toString().strip();
    }
}
