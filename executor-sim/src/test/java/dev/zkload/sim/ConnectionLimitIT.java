package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.sim.testing.OneServer;
import dev.zkload.zk.ZkTrees;
import java.util.ArrayList;
import java.util.List;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;

/**
 * A server's {@code maxClientCnxns} (here 12 connections from one address) met by a fleet: an add whose
 * sessions cannot fit is refused before anything is written, and an add that meets refused connections (the
 * server full of this address's other clients) stops within seconds instead of the add timeout, takes its
 * domains out, and says why.
 */
// ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
class ConnectionLimitIT {
    private static final String ROOT = "/zkload/connection-limit";
    private static final SaturnModel SMALL =
            SaturnModel.saturn21().toBuilder().jobsPerDomain(2).build();

    @Test
    void anAddThatCannotFitIsRefusedAndOneThatMeetsRefusedConnectionsStopsWithinSeconds() throws Exception {
        try (LocalEnsemble zk = OneServer.startedWith("maxClientCnxns", "12");
                DomainFleet fleet = DomainFleet.builder(zk.connectString())
                        .root(ROOT)
                        .model(SMALL)
                        .jobRuns(false)
                        .build()) {
            fleet.start();
            try (ZooKeeper observer = ZkClients.connect(zk.connectString())) {
                // 3 domains are 15 sessions, with the control session 16: more than the server takes from one address
                assertThatThrownBy(() -> fleet.addDomains(3))
                        .isInstanceOf(DomainStartException.class)
                        .hasMessage("adding 3 domains would hold 16 sessions from this address (its domains' and"
                                + " its control session), more than the 12 the server takes ("
                                + zk.servers().get(0).hostPort()
                                + " takes at most 12, maxClientCnxns=12); add fewer domains, set maxClientCnxns=0 (no"
                                + " limit) in the zoo.cfg of every server and restart them, or spread the domains over"
                                + " fleets on other machines");
                assertThat(observer.getChildren(ROOT, false))
                        .as("nothing written")
                        .containsExactly("zkload.lock");

                // the fleet's control session, this observer and 8 more: 2 of the domain's 5 sessions fit
                List<ZooKeeper> others = new ArrayList<>();
                try {
                    for (int i = 0; i < 8; i++) {
                        others.add(ZkClients.connect(zk.connectString()));
                    }
                    long t0 = System.nanoTime();
                    assertThatThrownBy(() -> fleet.addDomains(1))
                            .isInstanceOf(DomainStartException.class)
                            .hasMessageStartingWith("adding 1 domain stopped: "
                                    + zk.servers().get(0).hostPort()
                                    + " closes every new connection from this address unanswered, what a server does"
                                    + " past its maxClientCnxns")
                            .hasMessageContaining(
                                    "read at start: " + zk.servers().get(0).hostPort() + " maxClientCnxns=12")
                            .hasMessageContaining("its 1 domain was taken out of the fleet and off the ensemble");
                    double seconds = (System.nanoTime() - t0) / 1e9;
                    System.out.printf("an add that met refused connections stopped after %.1f s%n", seconds);
                    assertThat(seconds).as("seconds, not the add timeout").isLessThan(60);
                } finally {
                    for (ZooKeeper z : others) {
                        z.close();
                    }
                }
                assertThat(fleet.namespaces()).isEmpty();
                assertThat(fleet.snapshot().sessionsOpen()).isZero();
                assertThat(ZkTrees.list(observer, ROOT)).containsExactly(ROOT, ROOT + "/zkload.lock");

                // room again: the next add comes up whole
                fleet.addDomains(1);
                assertThat(fleet.namespaces()).hasSize(1);
                assertThat(fleet.snapshot().sessionsConnected()).isEqualTo(5);
            }
        }
    }
}
