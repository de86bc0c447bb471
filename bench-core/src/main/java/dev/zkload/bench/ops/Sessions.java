package dev.zkload.bench.ops;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;

/** Opens plain ZooKeeper sessions that are connected when returned, or fails within the timeout. */
final class Sessions {
    private Sessions() {
    }

    static ZooKeeper open(String connectString, LatencyConfig config, Watcher watcher)
            throws IOException, InterruptedException {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper zk = new ZooKeeper(connectString, (int) config.sessionTimeout().toMillis(), event -> {
            if (event.getType() == Watcher.Event.EventType.None) {
                if (event.getState() == KeeperState.SyncConnected) {
                    connected.countDown();
                }
            } else if (watcher != null) {
                watcher.process(event);
            }
        });
        Duration timeout = config.connectTimeout();
        boolean ok = false;
        try {
            ok = connected.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } finally {
            if (!ok) {
                zk.close();
            }
        }
        if (!ok) {
            throw new IOException("cannot connect to " + connectString + " within " + timeout.toSeconds() + " s");
        }
        return zk;
    }
}
