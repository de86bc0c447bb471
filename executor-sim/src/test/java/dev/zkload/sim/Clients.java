package dev.zkload.sim;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;

/** A connected plain client for looking at the server in tests. */
final class Clients {
    private Clients() {
    }

    static ZooKeeper connect(String connectString) throws Exception {
        CountDownLatch up = new CountDownLatch(1);
        ZooKeeper zk = new ZooKeeper(connectString, 30_000, e -> {
            if (e.getState() == KeeperState.SyncConnected) {
                up.countDown();
            }
        });
        if (!up.await(30, TimeUnit.SECONDS)) {
            zk.close();
            throw new IllegalStateException("cannot connect to " + connectString);
        }
        return zk;
    }
}
