package dev.zkload.bench.ensemble;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.stats.Membership;
import dev.zkload.bench.stats.ServerState;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.zk.connect.ServerAddress;
import java.time.Duration;
import java.util.List;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;

/**
 * A quorum of three voters and two observers, as real servers: the observers serve clients and follow the
 * leader without voting, and every member publishes the whole membership with each member's client address.
 */
class ObserverEnsembleIT {
    private final StatsClient stats = new StatsClient(Duration.ofSeconds(5));

    @Test
    void observersServeFollowTheLeaderAndArePublishedAsObservers() throws Exception {
        try (LocalEnsemble zk =
                LocalEnsemble.builder().servers(3).observers(2).heap("256m").build()) {
            zk.start();
            assertThat(zk.size()).isEqualTo(5);
            assertThat(zk.observers()).containsExactly(4, 5);
            List<ServerAddress> servers = zk.servers();
            int leader = zk.leader();
            assertThat(leader).as("a voter leads").isBetween(1, 3);
            for (int id = 1; id <= 5; id++) {
                ServerState expected =
                        id == leader ? ServerState.LEADER : id > 3 ? ServerState.OBSERVER : ServerState.FOLLOWER;
                assertThat(stats.summary(servers.get(id - 1)).state())
                        .as("server %d", id)
                        .isEqualTo(expected);
            }

            ZooKeeper viaObserver = ZkClients.connect(servers.get(3).hostPort());
            ZooKeeper viaFollower =
                    ZkClients.connect(servers.get(leader == 1 ? 1 : 0).hostPort());
            try {
                viaObserver.create("/observed", "w".getBytes(UTF_8), Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                await().atMost(Timeouts.seconds(30)).until(() -> viaFollower.exists("/observed", false) != null);
                viaFollower.setData("/observed", "x".getBytes(UTF_8), -1);
                await().atMost(Timeouts.seconds(30))
                        .until(() -> new String(viaObserver.getData("/observed", false, null), UTF_8).equals("x"));
            } finally {
                viaObserver.close();
                viaFollower.close();
            }

            Membership m = stats.membership(servers.get(4));
            assertThat(m.source()).isEqualTo("conf");
            assertThat(m.members()).extracting(Membership.Member::id).containsExactly(1, 2, 3, 4, 5);
            assertThat(m.members())
                    .as("each member's client address, as its line in every zoo.cfg names it")
                    .extracting(Membership.Member::client)
                    .containsExactlyElementsOf(servers.stream()
                            .map(s -> new ServerAddress(s.host(), s.clientPort()))
                            .toList());
            assertThat(m.members())
                    .extracting(Membership.Member::observer)
                    .containsExactly(false, false, false, true, true);
        }
    }
}
