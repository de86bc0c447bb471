package example.quickstart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.zkload.sim.FleetSnapshot;
import java.time.Duration;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The documented quick start, as is, against a real server. */
class QuickStartTest {
    @RegisterExtension
    @Order(1)
    static final ZooKeeperServer ZK = new ZooKeeperServer();

    @Test
    void holdsTheDomainsAndRemovesThemAfterwards() throws Exception {
        FleetSnapshot s = QuickStart.run(ZK.connectString(), 1, Duration.ofSeconds(2));

        assertEquals(1, s.domains());
        assertEquals(5, s.sessionsOpen());
        assertEquals(5, s.sessionsConnected());
        ZooKeeper zk = new ZooKeeper(ZK.connectString(), 20_000, e -> { });
        try {
            assertEquals(null, zk.exists("/zkload/quickstart", false), "close() removed the root");
        } finally {
            zk.close();
        }
    }
}
