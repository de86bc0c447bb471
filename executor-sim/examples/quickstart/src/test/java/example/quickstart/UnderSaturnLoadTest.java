package example.quickstart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.Operation;
import dev.zkload.sim.SaturnModel;
import dev.zkload.sim.junit.SaturnDomains;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The JUnit extension: Saturn domains held on the ensemble while the tests of this class run. */
class UnderSaturnLoadTest {
    @RegisterExtension
    @Order(1)
    static final ZooKeeperServer ZK = new ZooKeeperServer();

    // tag::extension[]
    @RegisterExtension
    @Order(2)
    static final SaturnDomains SATURN = SaturnDomains.on(ZK::connectString)   // asked when the tests start
            .domains(2)
            .fleetOptions(f -> f.model(SaturnModel.saturn3()))   // every option of the fleet, set here once
            .build();

    @Test
    void theEnsembleCarriesTwoSaturnDomains() {
        assertEquals(2, SATURN.snapshot().domains());
        // ... and your own code runs against the same ensemble here
    }
    // end::extension[]

    // tag::chroot[]
    @Test
    void aServiceThatExpectsItsNamespaceAtTheTopFindsIt() throws Exception {
        DomainFleet fleet = SATURN.fleet();
        String namespace = fleet.namespaces().get(0);                       // "d-0000"
        // chrooted at the fleet's root, the namespaces are top-level znodes, as a Saturn service expects
        ZooKeeper service = new ZooKeeper(ZK.connectString() + fleet.root(), 20_000, event -> { });
        try {
            assertNotNull(service.exists("/" + namespace + "/$Jobs", false));
        } finally {
            service.close();
        }
    }
    // end::chroot[]

    @Test
    void theirCachesReadTheirTrees() {
        assertTrue(SATURN.snapshot().operations().get(Operation.GET_DATA) > 0);
        assertEquals(10, SATURN.snapshot().sessionsConnected());
    }
}
