package dev.zkload.bench.ensemble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;

/** A real 3-server quorum: election, losing a follower, losing the leader, coming back. */
class QuorumEnsembleIT {

    @Test
    void survivesAFollowerAndTheLeaderAndComesBack() throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(3).heap("256m").build()) {
            zk.start();
            int leader = zk.leader();
            assertThat(leader).isBetween(1, 3);
            List<Integer> followers =
                    IntStream.rangeClosed(1, 3).filter(i -> i != leader).boxed().toList();

            ZooKeeper client = ZkClients.connect(zk.connectString());
            try {
                client.create("/q", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);

                zk.kill(followers.get(0));
                assertThat(zk.isRunning(followers.get(0))).isFalse();
                assertThat(zk.leader()).isEqualTo(leader);
                awaitWrite(client, "/q/after-follower");

                zk.restart(followers.get(0));
                assertThat(zk.isRunning(followers.get(0))).isTrue();

                zk.kill(leader);
                await().atMost(Timeouts.seconds(60)).until(() -> followers.contains(zk.leader()));
                int newLeader = zk.leader();
                awaitWrite(client, "/q/after-leader");

                zk.restart(leader);
                assertThat(IntStream.rangeClosed(1, 3).allMatch(zk::isRunning)).isTrue();
                assertThat(zk.leader()).isEqualTo(newLeader);
                awaitWrite(client, "/q/after-restart");
                assertThat(client.getChildren("/q", false))
                        .containsExactlyInAnyOrder("after-follower", "after-leader", "after-restart");
            } finally {
                client.close();
            }
        }
    }

    private static void awaitWrite(ZooKeeper client, String path) {
        await().atMost(Timeouts.seconds(60))
                .ignoreException(KeeperException.ConnectionLossException.class)
                .until(() -> {
                    try {
                        client.create(path, new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                    } catch (KeeperException.NodeExistsException e) {
                        // a retried create whose first try went through
                    }
                    return client.exists(path, false) != null;
                });
    }
}
