package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.zk.ZkTrees;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;

/**
 * A domain's tree written again on servers that lost it, after a process on a new session was quicker than the
 * fleet: a console's election on the empty server made its latch and the latch's parents, the domain's namespace
 * among them, before the fleet's control session wrote the trees. The tree written the first time, as one
 * {@code multi} a request, would meet the namespace there and leave the domain without its skeleton (every
 * registration failing for good); written again, it is whole, exactly the nodes of a domain written on a clean
 * root.
 */
// ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
class LostTreesIT {
    private static final SaturnModel MODEL =
            SaturnModel.saturn21().toBuilder().jobsPerDomain(3).build();

    @Test
    void aTreeWrittenAgainAroundWhatAnElectionMadeIsWhole() throws Exception {
        try (LocalEnsemble server =
                LocalEnsemble.builder().servers(1).heap("256m").build()) {
            server.start();
            try (ZooKeeper client = ZkClients.connect(server.connectString())) {
                Zk zk = new Zk(client, new OpCounters(), Ids.OPEN_ACL_UNSAFE, () -> false);
                Layout clean = layout(client, zk, "/zkload/clean");
                DomainTree.write(zk, List.of(clean), true, () -> false).done().get(30, TimeUnit.SECONDS);

                Layout lost = layout(client, zk, "/zkload/lost");
                // what a console on a new session does first when the servers are empty: an election round
                LeaderLatch.round(
                                zk,
                                lost.ns,
                                lost.saturnExecutors() + "/leader/latch",
                                "console",
                                lost.latchParents(),
                                () -> CompletableFuture.completedFuture(false))
                        .get(30, TimeUnit.SECONDS);
                assertThat(client.exists(lost.ns, false))
                        .as("the namespace the election made")
                        .isNotNull();

                assertThatThrownBy(() -> DomainTree.write(zk, List.of(lost), true, () -> false)
                                .done()
                                .get(30, TimeUnit.SECONDS))
                        .as("the first write's multi meets the namespace")
                        .isInstanceOf(ExecutionException.class)
                        .hasRootCauseInstanceOf(KeeperException.NodeExistsException.class);

                DomainTree.writeMissing(zk, List.of(lost)).done().get(30, TimeUnit.SECONDS);
                List<String> again = relative(client, "/zkload/lost");
                List<String> whole = relative(client, "/zkload/clean");
                assertThat(again).as("the tree written again").containsAll(whole);
                assertThat(again.stream().filter(p -> !whole.contains(p)))
                        .as("beside it, at most the latch the election made (a container, with a 3.5+ client)")
                        .isSubsetOf("/d-0001/$SaturnExecutors/leader/latch");
            }
        }
    }

    private static Layout layout(ZooKeeper client, Zk zk, String root) throws Exception {
        zk.create("/zkload", new byte[0], CreateMode.PERSISTENT).get(30, TimeUnit.SECONDS);
        zk.create(root, new byte[0], CreateMode.PERSISTENT).get(30, TimeUnit.SECONDS);
        assertThat(client.exists(root, false)).isNotNull();
        return new Layout(root, "d-0001", MODEL);
    }

    private static List<String> relative(ZooKeeper client, String root) throws Exception {
        return ZkTrees.list(client, root).stream()
                .map(p -> p.substring(root.length()))
                .toList();
    }
}
