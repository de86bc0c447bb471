package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.runner.ExitCodes;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;

class CleanCommandIT {

    @Test
    void removesZkloadRootsAndNothingElse() throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("256m").build()) {
            zk.start();
            ZooKeeper c = ZkClients.connect(zk.connectString());
            try {
                for (String p : new String[] {
                    "/zkload",
                    "/zkload/ramp-1",
                    "/zkload/ramp-1/a",
                    "/zkload/ramp-1/a/b",
                    "/zkload/ramp-2",
                    "/saturn",
                    "/saturn/prod"
                }) {
                    c.create(p, new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                }
                CliRun run = CliRun.of("clean", "--connect", zk.connectString(), "--root", "/zkload/ramp-1");
                assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
                assertThat(run.out()).contains("Removed 3 znodes under /zkload/ramp-1.");
                assertThat(c.exists("/zkload/ramp-1", false)).isNull();
                assertThat(c.exists("/zkload/ramp-2", false))
                        .as("another run's root is untouched")
                        .isNotNull();

                CliRun refused = CliRun.of("clean", "--connect", zk.connectString(), "--root", "/saturn");
                assertThat(refused.exitCode())
                        .as("the same refusal as latency's for a root not ours")
                        .isEqualTo(ExitCodes.RUNTIME_FAILURE);
                assertThat(refused.err()).contains("zkload did not create it");
                assertThat(c.exists("/saturn/prod", false)).isNotNull();

                CliRun nothing = CliRun.of("clean", "--connect", zk.connectString(), "--root", "/zkload/gone");
                assertThat(nothing.exitCode()).isEqualTo(ExitCodes.OK);
                assertThat(nothing.out()).contains("Nothing to clean");
            } finally {
                c.close();
            }
        }
    }
}
