package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.zk.ZkClientSecurity;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher.Event.EventType;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The caches on a real server, then after their session expired: an event can still arrive on the old handle's
 * event thread once the expiry took the handle away. While the session lives, an event is acted on (the cache
 * reads again and re-arms its watch); after, there is nothing to re-arm, nothing is sent and nothing fails.
 */
class CachesIT {
    private static final String NS = "/caches-it";
    private static LocalEnsemble server;

    @BeforeAll
    static void start() throws Exception {
        server = LocalEnsemble.builder().servers(1).heap("128m").build();
        server.start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aTreeCacheActsOnItsEventsWhileItsSessionLivesAndIgnoresThemAfterItExpired() throws Exception {
        FleetState state = new FleetState(true, lag -> {});
        Session session = new Session(server.connectString(), ZkClientSecurity.NONE, state, "d-0000-exec-0");
        session.open().get(30, TimeUnit.SECONDS);
        Zk zk = session.zk();
        try {
            String root = NS + "/tree";
            createNamespace(zk);
            zk.create(root, new byte[0], CreateMode.PERSISTENT).get(10, TimeUnit.SECONDS);
            zk.create(root + "/child", new byte[0], CreateMode.PERSISTENT).get(10, TimeUnit.SECONDS);
            List<String> events = new CopyOnWriteArrayList<>();
            TreeCache cache = new TreeCache(session, new PathPool(), root, 1, new TreeCache.Listener() {
                @Override
                public void added(String path, byte[] data) {
                    events.add("added " + path);
                }

                @Override
                public void removed(String path) {
                    events.add("removed " + path);
                }
            });
            cache.start();
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(events)
                    .containsExactlyInAnyOrder("added " + root, "added " + root + "/child"));

            // alive: the root's deletion is reported and an exists watch is set on the absent root
            zk.delete(root + "/child").get(10, TimeUnit.SECONDS);
            zk.delete(root).get(10, TimeUnit.SECONDS);
            await().atMost(Duration.ofSeconds(10))
                    .untilAsserted(() -> assertThat(events).contains("removed " + root + "/child", "removed " + root));
            // the removal is told before the exists watch is sent: wait for it
            await("the exists watch on the absent root")
                    .atMost(Duration.ofSeconds(10))
                    .until(() -> state.ops().snapshot().get(Operation.EXISTS) > 0);
            long exists = state.ops().snapshot().get(Operation.EXISTS);

            expire(session);
            WatchedEvent late = new WatchedEvent(EventType.NodeDeleted, KeeperState.SyncConnected, root);
            cache.watcherOf(root).process(late);
            assertThat(state.ops().snapshot())
                    .as("nothing sent without a handle")
                    .containsEntry(Operation.EXISTS, exists);
            assertThat(state.failures().snapshot()).containsEntry(FailureKind.CACHE, 0L);
        } finally {
            zk.handle().close();
        }
    }

    @Test
    void aNodeCacheReArmsWhileItsSessionLivesAndSendsNothingAfterItExpired() throws Exception {
        FleetState state = new FleetState(true, lag -> {});
        Session session = new Session(server.connectString(), ZkClientSecurity.NONE, state, "d-0000-exec-1");
        session.open().get(30, TimeUnit.SECONDS);
        Zk zk = session.zk();
        try {
            String host = NS + "/host";
            List<String> seen = new CopyOnWriteArrayList<>();
            createNamespace(zk);
            NodeCache cache = new NodeCache(session, NS, host, (p, d) -> seen.add(d == null ? "gone" : "there"));
            cache.start();
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> state.ops().snapshot().get(Operation.EXISTS) > 0);

            zk.create(host, new byte[0], CreateMode.EPHEMERAL).get(10, TimeUnit.SECONDS);
            await().atMost(Duration.ofSeconds(10))
                    .untilAsserted(() -> assertThat(seen).containsExactly("there"));
            assertThat(cache.present()).isTrue();

            expire(session);
            long exists = state.ops().snapshot().get(Operation.EXISTS);
            cache.process(new WatchedEvent(EventType.NodeDeleted, KeeperState.SyncConnected, host));
            assertThat(state.ops().snapshot())
                    .as("nothing sent without a handle")
                    .containsEntry(Operation.EXISTS, exists);
            assertThat(seen).as("no listener called for an event nobody read").containsExactly("there");
            assertThat(state.failures().snapshot()).containsEntry(FailureKind.CACHE, 0L);
        } finally {
            zk.handle().close();
        }
    }

    @Test
    void aClosedSessionNeverOpensAgain() {
        FleetState state = new FleetState(true, lag -> {});
        Session s = new Session(server.connectString(), ZkClientSecurity.NONE, state, "d-0000-console-0");
        s.close();
        assertThat(s.open()).isCompletedExceptionally();
        assertThat(s.zk()).isNull();
        assertThat(state.sessionsOpen()).isZero();
    }

    /** The namespace both tests use, whichever runs first. */
    private static void createNamespace(Zk zk) throws Exception {
        zk.create(NS, new byte[0], CreateMode.PERSISTENT)
                .exceptionally(e -> null)
                .get(10, TimeUnit.SECONDS);
    }

    /** What the server's expiry does to the session (its handle taken away), without the wait for the timeout. */
    private static void expire(Session session) {
        session.process(new WatchedEvent(EventType.None, KeeperState.Expired, null));
        assertThat(session.zk()).isNull();
    }
}
