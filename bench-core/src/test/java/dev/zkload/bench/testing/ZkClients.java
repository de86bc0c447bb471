package dev.zkload.bench.testing;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;

/** Plain ZooKeeper clients for tests, connected before they are returned. */
public final class ZkClients {
    private ZkClients() {
    }

    public static ZooKeeper connect(String connectString) throws IOException, InterruptedException {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper zk = new ZooKeeper(connectString, 30_000, e -> {
            if (e.getState() == KeeperState.SyncConnected) {
                connected.countDown();
            }
        });
        if (!connected.await(Timeouts.seconds(30).toMillis(), TimeUnit.MILLISECONDS)) {
            zk.close();
            throw new IOException("test client could not connect to " + connectString);
        }
        return zk;
    }
}
