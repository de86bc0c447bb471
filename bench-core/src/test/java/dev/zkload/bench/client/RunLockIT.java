package dev.zkload.bench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.SessionKiller;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.zk.ZkClientSecurity;
import dev.zkload.zk.ZkTrees;
import dev.zkload.zk.claim.RootLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

// ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
class RunLockIT {
    private static final Duration T = Duration.ofSeconds(30);
    private static final RunLock.Owner OWNER = new RunLock.Owner("latency", "r", 2, "h", java.time.Instant.EPOCH);
    private static LocalEnsemble zk;
    private static ZooKeeper observer;

    @BeforeAll
    static void start() throws Exception {
        zk = LocalEnsemble.builder().servers(1).heap("256m").build();
        zk.start();
        observer = ZkClients.connect(zk.connectString());
    }

    @AfterAll
    static void stop() throws Exception {
        observer.close();
        zk.close();
    }

    @Test
    void aLockIsAnEphemeralThatASecondRunCannotTakeAndItsRootGoesWithIt() throws Exception {
        RunLock.Owner a =
                new RunLock.Owner("ramp", "a", 1, "loadgen-1", java.time.Instant.parse("2026-11-23T15:00:00Z"));
        try (RunLock lock =
                RunLock.acquire(zk.connectString(), ZkClientSecurity.NONE, T, T, "/zkload/run-a", a, false)) {
            var stat = observer.exists("/zkload/run-a/" + RunLock.NAME, false);
            assertThat(stat.getEphemeralOwner()).isEqualTo(lock.sessionId());
            assertThat(new String(observer.getData("/zkload", false, null), StandardCharsets.UTF_8))
                    .isEqualTo(RootLock.MARKER);
            assertThat(RunLock.holder(observer, "/zkload/run-a")).get().satisfies(h -> {
                assertThat(h.owner()).isEqualTo(a);
                assertThat(h.toString()).endsWith("session 0x" + Long.toHexString(lock.sessionId()));
            });
            assertThatThrownBy(() ->
                            RunLock.acquire(zk.connectString(), ZkClientSecurity.NONE, T, T, "/zkload/run-a", a, true))
                    .as("not even with force")
                    .isInstanceOf(RunLock.HeldException.class)
                    .hasMessageStartingWith("/zkload/run-a is in use by a live run (ramp a, pid 1 on loadgen-1, started"
                            + " 2026-11-23T15:00:00Z, session 0x");
        }
        assertThat(observer.exists("/zkload", false))
                .as("the root and the /zkload it created, gone")
                .isNull();
    }

    @Test
    void anExistingRootThatHoldsZnodesIsClearedOnlyWithForce() throws Exception {
        observer.create("/leftover", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        observer.create("/leftover/x", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        assertThatThrownBy(() ->
                        RunLock.acquire(zk.connectString(), ZkClientSecurity.NONE, T, T, "/leftover", OWNER, false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("holds 1 znodes");
        try (RunLock lock =
                RunLock.acquire(zk.connectString(), ZkClientSecurity.NONE, T, T, "/leftover", OWNER, true)) {
            assertThat(observer.getChildren("/leftover", false)).containsExactly(RunLock.NAME);
            assertThat(RunLock.holder(observer, "/leftover"))
                    .map(RunLock.Holder::sessionId)
                    .contains(lock.sessionId());
        }
        assertThat(observer.exists("/leftover", false))
                .as("a root it did not create stays")
                .isNotNull();
        observer.delete("/leftover", -1);
    }

    @Test
    void locksAsRunsAndFleetsWroteThemBeforeAreReadAndRefusedNamingTheirHolder() throws Exception {
        // a run's lock as RunLock wrote it with Jackson, and a fleet's claim as executor-sim wrote it by hand
        String run = "{\"command\":\"ramp\",\"runId\":\"ramp-20261125-150000-1a2b\",\"pid\":17,"
                + "\"host\":\"loadgen-1\",\"started\":\"2026-11-25T15:00:00.123Z\"}";
        String fleet = "{\"command\":\"executor-sim fleet\",\"runId\":\"/old/fleet\",\"pid\":4242,"
                + "\"host\":\"build-7\",\"started\":\"2026-11-25T15:00:00Z\",\"sessionTimeoutMs\":20000}";
        assertThat(heldWith("/old/run", run))
                .isEqualTo(new RunLock.Owner(
                        "ramp",
                        "ramp-20261125-150000-1a2b",
                        17,
                        "loadgen-1",
                        Instant.parse("2026-11-25T15:00:00.123Z")));
        assertThat(heldWith("/old/fleet", fleet))
                .isEqualTo(new RunLock.Owner(
                        "executor-sim fleet", "/old/fleet", 4242, "build-7", Instant.parse("2026-11-25T15:00:00Z")));
        assertThatThrownBy(
                        () -> RunLock.acquire(zk.connectString(), ZkClientSecurity.NONE, T, T, "/old/run", OWNER, true))
                .isInstanceOf(RunLock.HeldException.class)
                .hasMessageStartingWith("/old/run is in use by a live run (ramp ramp-20261125-150000-1a2b, pid 17 on"
                        + " loadgen-1, started 2026-11-25T15:00:00.123Z, session 0x");
        // another tool's lock is still a live holder, with no owner to name
        assertThat(heldWith("/old/foreign", "not json")).isNull();
        assertThat(heldWith("/old/partial", "{\"command\":\"ramp\"}")).isNull();
        assertThatThrownBy(() ->
                        RunLock.acquire(zk.connectString(), ZkClientSecurity.NONE, T, T, "/old/foreign", OWNER, true))
                .hasMessageStartingWith(
                        "/old/foreign is in use by a live run (a holder that names no process, session 0x");
        ZkTrees.deleteRecursive(observer, "/old");
    }

    @Test
    void aLockLostWithItsSessionIsTakenAgainOnANewOne() throws Exception {
        try (RunLock lock =
                RunLock.acquire(zk.connectString(), ZkClientSecurity.NONE, T, T, "/zkload/run-expired", OWNER, false)) {
            long before = lock.sessionId();
            SessionKiller.expire(zk.connectString(), lock.sessionId(), lock.sessionPassword());
            await().atMost(Timeouts.seconds(60))
                    .pollInterval(Duration.ofMillis(200))
                    .untilAsserted(() -> assertThat(RunLock.holder(observer, "/zkload/run-expired"))
                            .as("the lock, held by the run's new session")
                            .hasValueSatisfying(h -> {
                                assertThat(h.sessionId()).isNotEqualTo(before).isEqualTo(lock.sessionId());
                                assertThat(h.owner()).isEqualTo(OWNER);
                            }));
        }
        assertThat(observer.exists("/zkload", false))
                .as("released and removed as ever")
                .isNull();
    }

    @Test
    void aLockOnAServerThatCameBackWithoutItsDataIsWrittenAgainWithItsRoot() throws Exception {
        try (LocalEnsemble lost =
                LocalEnsemble.builder().servers(1).heap("256m").build()) {
            lost.start();
            try (RunLock lock = RunLock.acquire(
                    lost.connectString(), ZkClientSecurity.NONE, T, T, "/zkload/run-lost", OWNER, false)) {
                long before = lock.sessionId();
                lost.stop(1);
                try (Stream<Path> files = Files.walk(lost.dataDir(1).resolve("version-2"))) {
                    for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
                lost.restart(1);
                try (ZooKeeper look = ZkClients.connect(lost.connectString())) {
                    await().atMost(Timeouts.seconds(60))
                            .pollInterval(Duration.ofMillis(200))
                            .ignoreExceptions()
                            .untilAsserted(() -> {
                                assertThat(RunLock.holder(look, "/zkload/run-lost"))
                                        .as("the lock, written again by the run's new session")
                                        .hasValueSatisfying(h -> assertThat(h.sessionId())
                                                .isNotEqualTo(before)
                                                .isEqualTo(lock.sessionId()));
                                assertThat(RootLock.markedRoot(look.getData("/zkload/run-lost", false, null)))
                                        .isTrue();
                            });
                }
            }
        }
    }

    /** The owner RunLock reads from a lock with {@code data} that the observer's live session holds on {@code root}. */
    private static RunLock.Owner heldWith(String root, String data) throws Exception {
        ZkRoot.prepare(observer, root, "test", false);
        observer.create(
                root + "/" + RunLock.NAME,
                data.getBytes(StandardCharsets.UTF_8),
                Ids.OPEN_ACL_UNSAFE,
                CreateMode.EPHEMERAL);
        RunLock.Holder holder = RunLock.holder(observer, root).orElseThrow();
        assertThat(holder.sessionId()).isEqualTo(observer.getSessionId());
        return holder.owner();
    }
}
