package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.zk.ZkTrees;
import java.util.ArrayList;
import java.util.List;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ZkTreesIT {
    private static LocalEnsemble zk;
    private static ZooKeeper client;

    @BeforeAll
    static void start() throws Exception {
        zk = LocalEnsemble.builder().servers(1).heap("256m").build();
        zk.start();
        client = ZkClients.connect(zk.connectString());
    }

    @AfterAll
    static void stop() throws Exception {
        if (client != null) {
            client.close();
        }
        if (zk != null) {
            zk.close();
        }
    }

    @Test
    void deletesADeepWideTreeAndCountsIt() throws Exception {
        // /trees/a: 20 children of 60 grandchildren each, some with a child of their own: 1,000+ batches' worth of
        // levels
        List<Op> ops = new ArrayList<>();
        ops.add(create("/trees"));
        ops.add(create("/trees/a"));
        for (int i = 0; i < 20; i++) {
            ops.add(create("/trees/a/c" + i));
            for (int j = 0; j < 60; j++) {
                ops.add(create("/trees/a/c" + i + "/g" + j));
                if (j % 10 == 0) {
                    ops.add(create("/trees/a/c" + i + "/g" + j + "/leaf"));
                }
            }
        }
        ops.add(create("/trees/b"));
        for (int from = 0; from < ops.size(); from += 500) {
            client.multi(ops.subList(from, Math.min(ops.size(), from + 500)));
        }

        long deleted = ZkTrees.deleteRecursive(client, "/trees/a");

        assertThat(deleted).isEqualTo(1 + 20 + 20 * 60 + 20 * 6);
        assertThat(client.exists("/trees/a", false)).isNull();
        assertThat(client.exists("/trees/b", false))
                .as("a sibling outside the subtree")
                .isNotNull();
        assertThat(ZkTrees.deleteRecursive(client, "/trees")).isEqualTo(2);
    }

    @Test
    void anAbsentRootDeletesNothing() throws Exception {
        assertThat(ZkTrees.deleteRecursive(client, "/never-created")).isZero();
    }

    private static Op create(String path) {
        return Op.create(path, new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
    }
}
