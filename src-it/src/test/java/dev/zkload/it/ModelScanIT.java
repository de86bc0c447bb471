package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.client.ServerAddress;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.ModelFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The user's own workload end to end: two Saturn namespaces with jobs of different crons and item
 * counts (and a disabled one), 2 executors online each and 2 consoles, written by executor-sim's
 * consoles and executors on one server; {@code model scan} reads them without a single write; the scanned model
 * file, simulated on another server, puts the same znodes, watches, ephemerals and sessions there
 * within 2%. Job runs are off on both sides: with no fire in flight the trees are exact, so any
 * difference is the scan's or the model's.
 */
class ModelScanIT {
    private static final String ROOT = "/zkload/saturn";
    private static final String SOURCE = """
            model: shop
            version: saturn-3
            kinds:
              - name: orders
                executors: 2
                consoles: 2
                jobs:
                  - count: 3
                    items: 2
                    cron: "0 * * * * ?"
                  - items: 5
                    cron: "0/10 * * * * ?"
                  - items: 1
                    cron: "0 0 2 * * ?"
                    enabled: false
              - name: reports
                executors: 2
                consoles: 2
                jobs:
                  - count: 2
                    items: 4
                    cron: "0 0/5 * * * ?"
            """;

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path tmp;

    @Test
    void aScannedFleetSimulatesToTheSameFootprintAndTheScanWritesNothing() throws Exception {
        Path source = tmp.resolve("shop.yaml");
        Files.writeString(source, SOURCE);
        StatsClient stats = new StatsClient(Duration.ofSeconds(5));
        try (LocalEnsemble real =
                        LocalEnsemble.builder().servers(1).heap("256m").build();
                LocalEnsemble sim =
                        LocalEnsemble.builder().servers(1).heap("256m").build()) {
            real.start();
            sim.start();
            ServerAddress realServer = real.servers().get(0);
            ServerAddress simServer = sim.servers().get(0);
            ServerStats realBefore = stats.monitor(realServer);
            ServerStats simBefore = stats.monitor(simServer);
            try (DomainFleet saturn = fleet(real, ModelFile.read(source))) {
                saturn.start();
                saturn.addDomains(2);
                ServerStats realSteady = steady(stats, realServer);

                Map<String, String> treeBefore = tree(real.connectString());
                Path model = tmp.resolve("model.yaml");
                RunnerProcess refused =
                        RunnerProcess.run(tmp.resolve("logs"), scan(real, model, "--max-requests", "5"));
                assertThat(refused.exitCode()).as(refused.output()).isEqualTo(1);
                assertThat(refused.err()).contains("--max-requests 5").contains("nothing was written");
                assertThat(model).doesNotExist();

                RunnerProcess scan = RunnerProcess.run(
                        tmp.resolve("logs"), scan(real, model, "--max-rate", "500", "--consoles", "2"));
                assertThat(scan.exitCode()).as(scan.output()).isZero();
                assertThat(scan.out()).contains("Read 2 namespaces (7 jobs, 4 executors online)");
                assertThat(tree(real.connectString()))
                        .as("every znode's versions and zxids, after the scan")
                        .isEqualTo(treeBefore);
                assertThat(stats.monitor(realServer).znodeCount()).isEqualTo(realSteady.znodeCount());

                ModelFile scanned = ModelFile.read(model);
                assertThat(scanned.version().id()).isEqualTo("saturn-3");
                assertThat(scanned.describe())
                        .isEqualTo("50% d-0000 (2 executors, 5 jobs), 50% d-0001 (2 executors, 2 jobs)");
                assertThat(Files.readString(model))
                        .contains("0/10 * * * * ?")
                        .contains("enabled: false")
                        .contains("jobsFasterThanOncePerMinute: 1")
                        .contains("jobsDisabled: 1")
                        .contains("consolesSeenPerDomain:");

                try (DomainFleet simulated = fleet(sim, scanned)) {
                    simulated.start();
                    simulated.addDomains(2);
                    ServerStats simSteady = steady(stats, simServer);
                    assertSameFootprint(realBefore, realSteady, simBefore, simSteady);
                }
            }
        }
    }

    private static DomainFleet fleet(LocalEnsemble zk, ModelFile model) {
        return DomainFleet.builder(zk.connectString())
                .root(ROOT)
                .modelFile(model)
                .jobRuns(false)
                .build();
    }

    private static String[] scan(LocalEnsemble zk, Path out, String... more) {
        List<String> args = new ArrayList<>(
                List.of("model", "scan", "--connect", zk.connectString() + ROOT, "--all", "--out", out.toString()));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    /** The server's counts once two readings a second apart agree: every session registered and cached. */
    private static ServerStats steady(StatsClient stats, ServerAddress server) {
        AtomicReference<ServerStats> last = new AtomicReference<>();
        await().atMost(Timeouts.seconds(60)).pollInterval(Duration.ofSeconds(1)).until(() -> {
            ServerStats now = stats.monitor(server);
            ServerStats before = last.getAndSet(now);
            return before != null
                    && before.znodeCount() == now.znodeCount()
                    && before.watchCount() == now.watchCount()
                    && before.ephemeralsCount() == now.ephemeralsCount()
                    && before.aliveConnections() == now.aliveConnections();
        });
        return last.get();
    }

    private static void assertSameFootprint(ServerStats r0, ServerStats r1, ServerStats s0, ServerStats s1) {
        System.out.printf(
                "real vs simulated: znodes %d/%d, watches %d/%d, ephemerals %d/%d, sessions %d/%d%n",
                r1.znodeCount() - r0.znodeCount(),
                s1.znodeCount() - s0.znodeCount(),
                r1.watchCount() - r0.watchCount(),
                s1.watchCount() - s0.watchCount(),
                r1.ephemeralsCount() - r0.ephemeralsCount(),
                s1.ephemeralsCount() - s0.ephemeralsCount(),
                r1.aliveConnections() - r0.aliveConnections(),
                s1.aliveConnections() - s0.aliveConnections());
        assertThat((double) s1.znodeCount() - s0.znodeCount())
                .as("znodes")
                .isCloseTo((double) r1.znodeCount() - r0.znodeCount(), withinPercentage(2));
        assertThat((double) s1.watchCount() - s0.watchCount())
                .as("watches")
                .isCloseTo((double) r1.watchCount() - r0.watchCount(), withinPercentage(2));
        assertThat((double) s1.ephemeralsCount() - s0.ephemeralsCount())
                .as("ephemerals")
                .isCloseTo((double) r1.ephemeralsCount() - r0.ephemeralsCount(), withinPercentage(2));
        assertThat(s1.aliveConnections() - s0.aliveConnections())
                .as("sessions")
                .isEqualTo(r1.aliveConnections() - r0.aliveConnections());
        assertThat(r1.watchCount() - r0.watchCount())
                .as("a tree worth comparing")
                .isGreaterThan(100);
    }

    /** Every znode under the root with its data, child and ACL versions and its zxids. */
    private static Map<String, String> tree(String connect) throws Exception {
        Map<String, String> out = new TreeMap<>();
        ZooKeeper zk = ZkClients.connect(connect);
        try {
            List<String> todo = new ArrayList<>(List.of(ROOT));
            while (!todo.isEmpty()) {
                String path = todo.remove(todo.size() - 1);
                Stat s = new Stat();
                List<String> children = zk.getChildren(path, false, s);
                out.put(
                        path,
                        s.getVersion() + "/" + s.getCversion() + "/" + s.getAversion() + "/" + s.getMzxid() + "/"
                                + s.getPzxid());
                children.forEach(c -> todo.add(path + "/" + c));
            }
        } finally {
            zk.close();
        }
        return out;
    }
}
