package dev.zkload.runner.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.ZkClients;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;

class LeftoversIT {

    @Test
    void countingStopsAtItsBudgetAndSaysAtLeast() throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("256m").build()) {
            zk.start();
            ZooKeeper c = ZkClients.connect(zk.connectString());
            try {
                create(c, "/runs", "zkload");
                create(c, "/runs/a", "zkload ramp a");
                for (int i = 0; i < 30; i++) {
                    create(c, "/runs/a/d" + i, "");
                }
                create(c, "/runs/b", "zkload ramp b");

                List<Leftovers.Leftover> all = Leftovers.beside(c, "/runs/new");
                assertThat(all)
                        .containsExactly(
                                new Leftovers.Leftover("/runs/a", 31, false),
                                new Leftovers.Leftover("/runs/b", 1, false));

                List<Leftovers.Leftover> capped = Leftovers.beside(c, "/runs/new", 10);
                assertThat(capped.get(0).atLeast()).isTrue();
                assertThat(capped.get(0).size()).isEqualTo("at least 31 znodes");
                assertThat(capped.get(1).size())
                        .as("nothing left of the budget")
                        .isEqualTo("at least 1 znode");
                assertThat(Leftovers.beside(c, "/top"))
                        .as("never the children of /")
                        .isEmpty();
            } finally {
                c.close();
            }
        }
    }

    private static void create(ZooKeeper c, String path, String data) throws Exception {
        c.create(path, data.getBytes(StandardCharsets.UTF_8), Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
    }
}
