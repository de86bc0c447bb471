package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.zkload.zk.ZkClientSecurity;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher.Event.EventType;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.junit.jupiter.api.Test;

/**
 * The caches when their session has no handle: an event can still arrive on the old handle's event
 * thread after an expiry took the handle away. Nothing to re-arm then, and nothing to throw.
 */
class CachesTest {
    private final FleetState state = new FleetState(true, lag -> {});
    private final Session withoutHandle = new Session("127.0.0.1:1", ZkClientSecurity.NONE, state, "d-0000-exec-0");

    @Test
    void aTreeCacheRootDeletedAfterItsSessionExpiredIsNoError() {
        TreeCache cache =
                new TreeCache(withoutHandle, new PathPool(), "/r/d/$Jobs/job-00/config/toDelete", 0, (p, d) -> {});
        cache.start();
        WatchedEvent deleted =
                new WatchedEvent(EventType.NodeDeleted, KeeperState.SyncConnected, "/r/d/$Jobs/job-00/config/toDelete");
        assertThatCode(() ->
                        cache.watcherOf("/r/d/$Jobs/job-00/config/toDelete").process(deleted))
                .doesNotThrowAnyException();
        assertThat(state.failures().snapshot()).containsEntry(FailureKind.CACHE, 0L);
    }

    @Test
    void aNodeCacheEventAfterItsSessionExpiredIsNoError() {
        NodeCache cache = new NodeCache(withoutHandle, "/r/d", "/r/d/$Jobs/job-00/leader/election/host", (p, d) -> {});
        cache.start();
        assertThatCode(() -> cache.process(new WatchedEvent(
                        EventType.NodeDeleted, KeeperState.SyncConnected, "/r/d/$Jobs/job-00/leader/election/host")))
                .doesNotThrowAnyException();
        assertThat(state.ops().snapshot()).containsEntry(Operation.EXISTS, 0L);
    }

    @Test
    void aClosedSessionNeverOpensAgain() {
        Session s = new Session("127.0.0.1:1", ZkClientSecurity.NONE, state, "d-0000-console-0");
        s.close();
        assertThat(s.open()).isCompletedExceptionally();
        assertThat(s.zk()).isNull();
        assertThat(state.sessionsOpen()).isZero();
    }
}
