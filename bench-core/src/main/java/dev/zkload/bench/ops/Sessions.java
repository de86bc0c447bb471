package dev.zkload.bench.ops;

import dev.zkload.bench.client.Connections;
import java.io.IOException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;

/** The benchmark's sessions, with the run's session and connect timeouts. */
final class Sessions {
    private Sessions() {}

    static ZooKeeper open(String connectString, LatencyConfig config, Watcher watcher)
            throws IOException, InterruptedException {
        return Connections.open(
                connectString, config.security(), config.sessionTimeout(), config.connectTimeout(), watcher);
    }
}
