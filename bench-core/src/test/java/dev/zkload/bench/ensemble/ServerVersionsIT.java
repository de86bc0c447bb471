package dev.zkload.bench.ensemble;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.zk.connect.ServerAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Other ZooKeeper releases, resolved from Maven Central (or the local repository) and forked with the
 * keys they understand: 3.4 (no AdminServer, statistics over four-letter words) as a quorum of three,
 * and 3.8 standalone; each serves our client and reports its own version.
 */
class ServerVersionsIT {
    static final String ZK_34 = "3.4.14";
    static final String ZK_38 = "3.8.4";

    @Test
    void zooKeeper34FormsAQuorumAndAnswersFourLetterWords(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path base)
            throws Exception {
        List<String> progress = new ArrayList<>();
        ServerDistribution dist = ServerDistribution.resolve(ZK_34, progress::add);
        assertThat(dist.version()).hasToString(ZK_34);
        assertThat(dist.classpath()).anyMatch(p -> p.getFileName().toString().equals("zookeeper-3.4.14.jar"));
        try (LocalEnsemble zk = LocalEnsemble.builder()
                .servers(3)
                .heap("256m")
                .distribution(dist)
                .baseDir(base)
                .build()) {
            zk.start();
            assertThat(Files.readString(base.resolve("server-1/zoo.cfg")))
                    .doesNotContain("admin.")
                    .doesNotContain("reconfigEnabled");
            servesAndReports(zk, ZK_34);
        }
    }

    @Test
    void zooKeeper38Serves(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path base) throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder()
                .servers(1)
                .heap("256m")
                .distribution(ServerDistribution.resolve(ZK_38, line -> {}))
                .baseDir(base)
                .build()) {
            zk.start();
            servesAndReports(zk, ZK_38);
        }
    }

    private static void servesAndReports(LocalEnsemble zk, String version) throws Exception {
        ZooKeeper client = ZkClients.connect(zk.connectString());
        try {
            client.create("/v", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            assertThat(client.exists("/v", false)).isNotNull();
        } finally {
            client.close();
        }
        StatsClient stats = new StatsClient(Duration.ofSeconds(5));
        for (ServerAddress s : zk.servers()) {
            assertThat(stats.summary(s).version()).startsWith(version);
            assertThat(stats.monitor(s).raw()).containsKeys("zk_znode_count", "zk_outstanding_requests");
        }
    }
}
