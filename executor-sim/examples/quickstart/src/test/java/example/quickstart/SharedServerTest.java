package example.quickstart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.DomainStartException;
import dev.zkload.sim.SaturnModel;
import dev.zkload.zk.ZkTrees;
import java.util.List;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Fleets on a server others use too: a root in use is refused, and nothing outside a fleet's own is touched. */
class SharedServerTest {
    @RegisterExtension
    @Order(1)
    static final ZooKeeperServer ZK = new ZooKeeperServer();

    private static final SaturnModel SMALL = SaturnModel.saturn21().toBuilder().jobsPerDomain(2).build();
    private static ZooKeeper observer;

    @BeforeAll
    static void connect() throws Exception {
        observer = new ZooKeeper(ZK.connectString(), 20_000, e -> { });
    }

    @AfterAll
    static void disconnect() throws InterruptedException {
        observer.close();
    }

    private static DomainFleet.Builder fleet(String root) {
        return DomainFleet.builder(ZK.connectString()).root(root).model(SMALL).jobRuns(false);
    }

    @Test
    void aSecondFleetOnTheSameRootIsRefusedAndTheFirstKeepsItsDomains() throws Exception {
        try (DomainFleet first = fleet("/trial/same").build()) {
            first.start();
            first.addDomains(1);
            int znodes = ZkTrees.list(observer, "/trial/same").size();

            DomainFleet second = fleet("/trial/same").build();
            DomainStartException refused = assertThrows(DomainStartException.class, second::start);

            assertTrue(refused.getMessage().startsWith("/trial/same is held by a live fleet or run (executor-sim fleet"),
                    refused.getMessage());
            assertEquals(DomainFleet.State.CLOSED, second.state());
            assertEquals(znodes, ZkTrees.list(observer, "/trial/same").size(), "the first fleet's znodes");
            assertEquals(List.of("d-0000"), first.namespaces());
            assertEquals(5, first.snapshot().sessionsConnected());
        }
        assertNull(observer.exists("/trial", false), "close() removed the root and the parent it created");
    }

    @Test
    void parentsThatExistedBeforeStayAfterClose() throws Exception {
        observer.create("/preexisting", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        observer.create("/preexisting/level2", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        try (DomainFleet fleet = fleet("/preexisting/level2/sim").build()) {
            fleet.start();
            fleet.addDomains(1);
        }
        assertNull(observer.exists("/preexisting/level2/sim", false));
        assertNotNull(observer.exists("/preexisting/level2", false));
        assertNotNull(observer.exists("/preexisting", false));
    }

    @Test
    void aLeftoverRootIsRefusedWithItsSizeAndCanBeTakenOver() throws Exception {
        // what a fleet whose JVM was killed leaves: its znodes, and no live claim
        observer.create("/zkload", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        observer.create("/zkload/left", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        observer.create("/zkload/left/d-0000", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);

        DomainStartException refused = assertThrows(DomainStartException.class, fleet("/zkload/left").build()::start);

        assertTrue(refused.getMessage().startsWith("/zkload/left holds 1 znode but no live fleet or run holds it"),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("takeOverLeftoverRoot()"), refused.getMessage());
        assertTrue(refused.getMessage().endsWith("java -jar runner.jar clean --connect " + ZK.connectString()
                + " --root /zkload/left"), refused.getMessage());
        assertNotNull(observer.exists("/zkload/left/d-0000", false), "nothing touched");

        try (DomainFleet fleet = fleet("/zkload/left").takeOverLeftoverRoot().build()) {
            fleet.start();
            fleet.addDomains(1);
            assertEquals(5, fleet.snapshot().sessionsConnected());
        }
        assertNull(observer.exists("/zkload/left", false), "taken over, then removed by close()");
    }
}
