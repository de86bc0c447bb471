package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.zkload.bench.ops.LatencyBenchmark;
import dev.zkload.bench.ops.LatencyConfig;
import dev.zkload.bench.ops.LatencyListener;
import dev.zkload.bench.result.OpStats;
import dev.zkload.bench.result.TargetResult;
import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.Footprint;
import dev.zkload.sim.SaturnModel;
import dev.zkload.zk.connect.ServerAddress;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * zkload against ZooKeeper in a container: the image {@code docker/zookeeper/Dockerfile} builds
 * (CI builds it in {@code .ci/docker-setup}), host networking, loopback only. Skips, saying why,
 * where there is no Docker engine or the image is not built.
 */
// ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
class ZooKeeperContainerIT {
    private static GenericContainer<?> zookeeper;
    private static String hosts;
    private static int port;

    @BeforeAll
    static void startContainer() throws Exception {
        skipUnless(
                DockerClientFactory.instance().isDockerAvailable(),
                "no Docker engine here: the container tests skip (.ci/docker-setup installs and starts one)");
        String image = System.getProperty("zkload.it.zookeeperImage", "zkload/zookeeper:3.9.5");
        skipUnless(
                !DockerClientFactory.instance()
                        .client()
                        .listImagesCmd()
                        .withImageNameFilter(image)
                        .exec()
                        .isEmpty(),
                "image " + image + " is not built here: .ci/docker-setup builds it from docker/zookeeper/Dockerfile");
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        zookeeper = new GenericContainer<>(DockerImageName.parse(image))
                .withNetworkMode("host")
                .withEnv("ZOO_CLIENT_PORT", Integer.toString(port))
                .withEnv("ZOO_CLIENT_ADDRESS", "127.0.0.1")
                .withEnv("ZOO_HEAP", "256m")
                .waitingFor(Wait.forLogMessage(".*binding to port.*\\n", 1).withStartupTimeout(Timeouts.seconds(60)));
        zookeeper.start();
        hosts = "127.0.0.1:" + port;
    }

    /** An aborted @BeforeAll shows in no report as skipped, so the reason goes to the log too. */
    private static void skipUnless(boolean condition, String reason) {
        if (!condition) {
            LoggerFactory.getLogger(ZooKeeperContainerIT.class).warn("SKIPPED: {}", reason);
        }
        assumeTrue(condition, reason);
    }

    @AfterAll
    static void stopContainer() {
        if (zookeeper != null) {
            zookeeper.stop();
        }
    }

    @Test
    void theSevenOpBenchmarkRunsAgainstTheContainer() throws Exception {
        var run = LatencyBenchmark.run(
                LatencyConfig.builder(hosts).znodeCount(300).build(), LatencyListener.NONE);
        TargetResult result = run.report().targets().get(0);
        assertThat(result.ops()).hasSize(7);
        for (OpStats op : result.ops().values()) {
            assertThat(op.count()).isEqualTo(300);
            assertThat(op.errors()).isZero();
            assertThat(op.p99Ms()).isPositive();
        }
        ZooKeeper zk = ZkClients.connect(hosts);
        try {
            assertThat(zk.getChildren("/", false)).containsExactly("zookeeper");
        } finally {
            zk.close();
        }
    }

    @Test
    void aSimulatedDomainHoldsTheModelsFootprintInTheContainer() throws Exception {
        StatsClient stats = new StatsClient(Duration.ofSeconds(5));
        ServerAddress server = new ServerAddress("127.0.0.1", port, ServerAddress.DEFAULT_ADMIN_PORT);
        // the log line the container waits for is the client port's; the AdminServer starts just after it
        ServerStats empty = await().atMost(Duration.ofSeconds(30))
                .ignoreExceptions()
                .until(() -> stats.monitor(server), answered -> true);
        Footprint expected = SaturnModel.saturn21().expectedFootprint();
        try (DomainFleet fleet = DomainFleet.builder(hosts)
                .root("/zkload/it-container")
                .jobRuns(false)
                .build()) {
            fleet.start();
            fleet.addDomains(1);
            await().atMost(Timeouts.seconds(60)).ignoreExceptions().untilAsserted(() -> {
                ServerStats now = stats.monitor(server);
                assertThat((double) now.znodeCount() - empty.znodeCount())
                        .isCloseTo(expected.znodes(), within(0.1 * expected.znodes()));
                assertThat((double) now.watchCount() - empty.watchCount())
                        .isCloseTo(expected.watches(), within(0.1 * expected.watches()));
                assertThat((double) now.ephemeralsCount())
                        .isCloseTo(expected.ephemerals(), within(0.1 * expected.ephemerals()));
            });
            assertThat(fleet.snapshot().sessionsOpen()).isEqualTo((long) expected.sessions());
        }
        try (ZooKeeper zk = ZkClients.connect(hosts)) {
            assertThat(zk.getChildren("/", false))
                    .as("close removed every node it made")
                    .containsExactly("zookeeper");
        }
    }
}
