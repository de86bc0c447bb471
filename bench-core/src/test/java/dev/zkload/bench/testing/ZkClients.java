package dev.zkload.bench.testing;

import dev.zkload.bench.client.Connections;
import java.io.IOException;
import java.time.Duration;
import org.apache.zookeeper.ZooKeeper;

/** Plain ZooKeeper clients for tests, connected before they are returned. */
public final class ZkClients {
    private ZkClients() {}

    public static ZooKeeper connect(String connectString) throws IOException, InterruptedException {
        return Connections.open(connectString, Duration.ofSeconds(30), Timeouts.seconds(30), null);
    }
}
