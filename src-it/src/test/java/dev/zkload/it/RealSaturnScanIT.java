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
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.it.testing.ItemRuns;
import dev.zkload.it.testing.RealSaturnProcess;
import dev.zkload.it.testing.RunnerProcess;
import dev.zkload.it.testing.ServerRates;
import dev.zkload.it.testing.Znodes;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.ModelFile;
import dev.zkload.zk.connect.ServerAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/** The scan's proof against a tree real Saturn wrote, rather than executor-sim's writes ({@link ModelScanIT}). */
class RealSaturnScanIT {
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path tmp;

    /**
     * The same proof against a tree real Saturn wrote: a domain of Saturn 3.5's own executors and console
     * sharding managers, its jobs created as its console creates them (jobs every 5 s that report their runs,
     * jobs every 2 s that the console has not report, a disabled one). Scanned, given the jobs' run time as the file's
     * header asks, and simulated on another server, it puts the same znodes, watches, ephemerals and
     * sessions there (the fleet's control session besides), and the same writes and reads per second.
     */
    @Test
    void aTreeRealSaturnWroteSimulatesToTheSameFootprintAndRates() throws Exception {
        StatsClient stats = new StatsClient(Duration.ofSeconds(5));
        try (LocalEnsemble real = started();
                LocalEnsemble sim = started()) {
            ServerAddress realServer = real.servers().get(0);
            ServerAddress simServer = sim.servers().get(0);
            ZooKeeper admin = ZkClients.connect(real.connectString());
            try {
                // the chroot Saturn's connect string names: /zkload, then its saturn
                for (String path : List.of("/zkload", ROOT)) {
                    admin.create(path, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                }
            } finally {
                admin.close();
            }
            ServerStats realBefore = stats.monitor(realServer);
            ServerStats simBefore = stats.monitor(simServer);
            List<String> jobs = List.of(
                    "fast0,4,0/2 * * * * ?,500,true",
                    "fast1,4,0/2 * * * * ?,500,true",
                    "five0,4,0/5 * * * * ?,100,true",
                    "five1,4,0/5 * * * * ?,100,true",
                    "five2,4,0/5 * * * * ?,100,true",
                    "nightly,2,0 0 2 * * ?,100,false");
            try (RealSaturnProcess saturn =
                    RealSaturnProcess.start(tmp.resolve("saturn"), real.connectString() + ROOT, "shop", 2, 2, jobs)) {
                ItemRuns.awaitEveryItemRan(real.connectString(), ROOT);
                assertThat(saturn.errors())
                        .as("Saturn's log, its jobs set up as it needs")
                        .doesNotContain("ERROR");
                Path model = tmp.resolve("real.yaml");
                RunnerProcess scan = RunnerProcess.run(tmp.resolve("logs"), scan(real, model, "--consoles", "2"));
                assertThat(scan.exitCode()).as(scan.output()).isZero();
                String text = Files.readString(model);
                assertThat(text)
                        .containsOnlyOnce("enabledReport: false")
                        .contains("runTime: 2s")
                        .as("Saturn's ZooKeeper 3.5.8 client made its latches containers")
                        .contains("zkClient: '3.5'");
                // the run time ZooKeeper cannot show, as the header asks: the 5 s jobs' items sleep 100 ms
                Files.writeString(model, text.replace("runTime: 2s", "runTime: 100ms"));
                ModelFile scanned = ModelFile.read(model);
                assertThat(scanned.describe()).isEqualTo("shop (2 executors, 6 jobs)");
                // Real Saturn's rates first, on its own: on this 2-core machine the simulator's work beside its
                // bursts (all its 5 s jobs fire together) would slow its caches, whose watches then miss events
                // and read less. Once each job's first statistics are written (Saturn writes them within 10 s
                // of the job's start, then every 300 s), and from halfway between two of those bursts, so the
                // window's ends cut none.
                TimeUnit.MILLISECONDS.sleep(Math.max(0, 12_000 - saturn.millisSinceReady()));
                TimeUnit.MILLISECONDS.sleep(Math.floorMod(2_500 - System.currentTimeMillis(), 5_000));
                ServerRates saturnRates = ServerRates.over(
                                Duration.ofSeconds(WINDOW_SECONDS), stats, List.of(realServer))
                        .get(0);
                try (DomainFleet simulated = fleet(sim, scanned, true)) {
                    simulated.start();
                    simulated.addDomains(1);
                    ItemRuns.awaitEveryItemRan(sim.connectString(), ROOT);
                    ServerStats realSteady = steady(stats, realServer);
                    ServerStats simSteady = steady(stats, simServer);
                    assertSameFootprint(realBefore, realSteady, simBefore, simSteady, 1);
                    assertSameTree(real, sim, jobs);
                    // spread fires (the file's default timing): a window of whole periods holds the same fires
                    // wherever it starts; twice as long, as its statistics writes come at random moments
                    ServerRates simRates = ServerRates.over(
                                    Duration.ofSeconds(2L * WINDOW_SECONDS), stats, List.of(simServer))
                            .get(0);
                    System.out.printf(
                            "real Saturn vs simulated over %.1f/%.1f s: writes/s %.2f/%.2f, reads/s %.2f/%.2f%n",
                            saturnRates.seconds(),
                            simRates.seconds(),
                            saturnRates.writesPerSec(),
                            simRates.writesPerSec(),
                            saturnRates.readsPerSec(),
                            simRates.readsPerSec());
                    // Saturn writes each job's statistics within 10 s of its start, then every 300 s: the window
                    // holds none of real Saturn's, and the simulator's, spread over the 300 s, their mean rate
                    double simulatedStatistics = 2 * jobs.size() * 3 / 300.0;
                    assertThat(simRates.writesPerSec() - simulatedStatistics)
                            .as("writes per second, the simulator's statistics aside")
                            .isCloseTo(saturnRates.writesPerSec(), withinPercentage(2));
                    assertThat(simRates.readsPerSec())
                            .as("reads per second")
                            .isCloseTo(saturnRates.readsPerSec(), withinPercentage(2));
                }
            }
        }
    }

    /**
     * Path by path, each znode persistent, ephemeral or a container, the simulated domain's tree is real
     * Saturn's: its jobs and executors named as the simulator names them (jobs in name order, as the scan
     * groups them), the items running at that moment and the election candidates of that moment set aside.
     */
    private static void assertSameTree(LocalEnsemble real, LocalEnsemble sim, List<String> jobs) {
        List<String> names =
                jobs.stream().map(j -> j.substring(0, j.indexOf(','))).sorted().toList();
        await().atMost(Timeouts.seconds(30))
                .pollInterval(Duration.ofSeconds(1))
                .ignoreExceptions()
                .untilAsserted(() -> {
                    Set<String> saturn = Znodes.shape(real.connectString(), ROOT + "/shop", path -> {
                        String p = path.replaceAll("/executor-(\\d+)(?=/|$)", "/d-0000-exec-$1");
                        for (int j = 0; j < names.size(); j++) {
                            p = p.replace("/$Jobs/" + names.get(j), "/$Jobs/" + String.format("job-%02d", j));
                        }
                        return p;
                    });
                    Set<String> simulated =
                            Znodes.shape(sim.connectString(), ROOT + "/d-0000", UnaryOperator.identity());
                    assertThat(simulated).as("the simulated tree").isEqualTo(saturn);
                });
    }
}
