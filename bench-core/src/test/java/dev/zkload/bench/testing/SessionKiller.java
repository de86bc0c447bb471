package dev.zkload.bench.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;

/** Expires a session the way Curator's KillSession does: a second client on its id and password closes it. */
public final class SessionKiller {
    private SessionKiller() {}

    public static void expire(String connectString, ZooKeeper victim) throws Exception {
        expire(connectString, victim.getSessionId(), victim.getSessionPasswd());
    }

    /** The session of this id and password expired: its ephemerals go, and its client learns it has expired. */
    public static void expire(String connectString, long sessionId, byte[] password) throws Exception {
        CountDownLatch up = new CountDownLatch(1);
        ZooKeeper twin = new ZooKeeper(
                connectString,
                20_000,
                e -> {
                    if (e.getState() == KeeperState.SyncConnected) {
                        up.countDown();
                    }
                },
                sessionId,
                password);
        try {
            assertThat(up.await(30, TimeUnit.SECONDS))
                    .as("the twin session connected")
                    .isTrue();
        } finally {
            twin.close();
        }
    }
}
