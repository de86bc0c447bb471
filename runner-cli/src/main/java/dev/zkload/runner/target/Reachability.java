package dev.zkload.runner.target;

import dev.zkload.bench.target.ConnectString;
import dev.zkload.runner.RunFailure;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;

/**
 * Checks that an ensemble answers before any work starts, so an unreachable {@code --connect}
 * ends within the connect timeout with one sentence instead of a hang or a stack trace.
 */
final class Reachability {
    private Reachability() {
    }

    static void check(ConnectString cs, Duration timeout) throws InterruptedException {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper zk;
        try {
            int sessionMs = (int) Math.max(4000, Math.min(Integer.MAX_VALUE, timeout.toMillis() * 2));
            zk = new ZooKeeper(cs.toString(), sessionMs, event -> {
                if (event.getState() == KeeperState.SyncConnected) {
                    connected.countDown();
                }
            });
        } catch (IOException | IllegalArgumentException e) {
            throw new RunFailure("cannot connect to ZooKeeper at " + cs + ": " + e.getMessage(), e);
        }
        try {
            if (!connected.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new RunFailure("cannot reach ZooKeeper at " + cs + " within " + human(timeout)
                        + " (is the ensemble up and the address right?)");
            }
        } finally {
            zk.close(1000);
        }
    }

    static String human(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? (ms / 1000) + " s" : ms + " ms";
    }
}
