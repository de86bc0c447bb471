package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.it.testing.TcpProxy;
import dev.zkload.it.testing.Znodes;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.SessionEvent;
import dev.zkload.zk.connect.ServerAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;

/**
 * Sessions expired the way a network partition expires them: a simulated domain talks to a real
 * 3-server ensemble through proxies, the proxies cut it off for longer than the 20 s session
 * timeout, and the servers expire every session of it. Healed, each executor (and console) must
 * register again in full on a new session, the console must reshard, and nothing of the old
 * sessions may be left.
 */
// ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
class SessionExpiryIT {
    private static final String ROOT = "/zkload/it-expiry";

    @Test
    void expiredSessionsRegisterAgainInFullAndLeaveNothingOfTheOldOnes() throws Exception {
        StatsClient stats = new StatsClient(Duration.ofSeconds(5));
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(3).heap("256m").build()) {
            zk.start();
            List<TcpProxy> proxies = new ArrayList<>();
            try (ZooKeeper observer = ZkClients.connect(zk.connectString())) {
                for (ServerAddress s : zk.servers()) {
                    proxies.add(new TcpProxy(s.clientPort()));
                }
                String through = String.join(
                        ",", proxies.stream().map(TcpProxy::hostPort).toList());
                // runs paused: the counts below are then exact, not a moving average
                try (DomainFleet fleet =
                        DomainFleet.builder(through).root(ROOT).jobRuns(false).build()) {
                    fleet.start();
                    fleet.addDomains(1);
                    String domain = fleet.namespaces().get(0);
                    String reshards = ROOT + "/" + domain + "/$SaturnExecutors/sharding/count";
                    Totals before = awaitSteady(zk, stats);
                    Set<Long> oldSessions = new HashSet<>(Znodes.ephemeralOwners(observer, ROOT));
                    // every executor owns its ip and statuses; of the consoles, the latch holder its latch node
                    assertThat(oldSessions).hasSizeGreaterThanOrEqualTo(4);
                    long reshardsBefore = counter(observer, reshards);

                    proxies.forEach(TcpProxy::cut);
                    // the servers expire the sessions after 20 s without a heartbeat and delete their ephemerals
                    await().atMost(Timeouts.seconds(90))
                            .pollInterval(Duration.ofSeconds(1))
                            .until(() -> Znodes.ephemeralOwners(observer, ROOT).isEmpty());
                    proxies.forEach(TcpProxy::heal);

                    await().atMost(Timeouts.seconds(120))
                            .pollInterval(Duration.ofSeconds(1))
                            .ignoreExceptions()
                            .untilAsserted(() -> {
                                assertThat(fleet.snapshot().sessionEvents().get(SessionEvent.EXPIRED))
                                        .isEqualTo(5L);
                                Totals now = totals(zk, stats);
                                assertThat(now.znodes()).isEqualTo(before.znodes());
                                assertThat(now.ephemerals()).isEqualTo(before.ephemerals());
                                assertThat(now.watches()).isEqualTo(before.watches());
                                // the fleet's control session (it writes trees) expired too; Curator replaced it
                                // at once, so every connection is back: the simulated sessions, it, this test's
                                assertThat(now.connections()).isEqualTo(before.connections());
                                // the new leader reshards half a second after the burst of registrations
                                assertThat(counter(observer, reshards))
                                        .as("the new console leader resharded")
                                        .isGreaterThan(reshardsBefore);
                            });
                    List<Long> owners = Znodes.ephemeralOwners(observer, ROOT);
                    assertThat(new HashSet<>(owners))
                            .as("as many owners as before, all of them new sessions")
                            .hasSameSizeAs(oldSessions)
                            .doesNotContainAnyElementsOf(oldSessions);
                    assertThat(owners).hasSize((int) before.ephemerals());
                    assertThat(fleet.snapshot().sessionsOpen()).isEqualTo(5);
                    fleet.addDomains(1);
                    assertThat(Znodes.registeredDomains(observer, ROOT))
                            .as("the new control session wrote the tree")
                            .isEqualTo(2);
                }
                assertThat(Znodes.tree(observer, ROOT))
                        .as("close removed the domain")
                        .isEmpty();
            } finally {
                for (TcpProxy p : proxies) {
                    p.close();
                }
            }
        }
    }

    /** What the servers hold: the leader's znodes and ephemerals, every server's watches and connections. */
    record Totals(long znodes, long ephemerals, long watches, long connections) {}

    private static Totals totals(LocalEnsemble zk, StatsClient stats) throws Exception {
        long watches = 0;
        long connections = 0;
        ServerStats leader = null;
        for (ServerAddress s : zk.servers()) {
            ServerStats st = stats.monitor(s);
            watches += st.watchCount();
            connections += st.aliveConnections();
            if (st.state().leads()) {
                leader = st;
            }
        }
        assertThat(leader).isNotNull();
        return new Totals(leader.znodeCount(), leader.ephemeralsCount(), watches, connections);
    }

    /** Registration and the first reshard are done when the totals hold still for a few seconds. */
    private static Totals awaitSteady(LocalEnsemble zk, StatsClient stats) {
        Totals[] last = {null};
        return await().atMost(Timeouts.seconds(60))
                .pollInterval(Duration.ofSeconds(3))
                .ignoreExceptions()
                .until(
                        () -> {
                            Totals now = totals(zk, stats);
                            boolean still = now.equals(last[0]) && now.ephemerals() > 0;
                            last[0] = now;
                            return still ? now : null;
                        },
                        t -> t != null);
    }

    private static long counter(ZooKeeper zk, String path) throws Exception {
        return Long.parseLong(new String(zk.getData(path, false, null), StandardCharsets.UTF_8));
    }
}
