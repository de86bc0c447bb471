package dev.zkload.it.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.ModelFile;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What the scan's proofs share: the Saturn root both servers hold their namespaces under, one forked
 * server, a fleet of a model file, the scan's arguments, the servers' steady counts and their comparison.
 */
public final class ModelScans {
    /** Where the namespaces are, on the scanned server and the simulating one. */
    public static final String ROOT = "/zkload/saturn";
    /** The rates' window: a whole number of fires of every cron the proofs use (2, 5 and 6 s). */
    public static final int WINDOW_SECONDS = 30;

    private ModelScans() {}

    /**
     * One forked server, started. It looks for empty container nodes every second instead of every minute: the
     * elections' latches of a ZooKeeper 3.5+ client (real Saturn 3.5's, the simulated saturn-3's) are gone within
     * a second of their election, so the trees hold still once registered.
     */
    public static LocalEnsemble started() throws IOException, InterruptedException {
        LocalEnsemble zk = LocalEnsemble.builder()
                .servers(1)
                .heap("256m")
                .jvmFlags(List.of("-Dznode.container.checkIntervalMs=1000"))
                .build();
        try {
            zk.start();
            return zk;
        } catch (IOException | InterruptedException | RuntimeException e) {
            zk.close();
            throw e;
        }
    }

    public static DomainFleet fleet(LocalEnsemble zk, ModelFile model, boolean jobRuns) {
        return DomainFleet.builder(zk.connectString())
                .root(ROOT)
                .modelFile(model)
                .jobRuns(jobRuns)
                .build();
    }

    public static String[] scan(LocalEnsemble zk, Path out, String... more) {
        List<String> args = new ArrayList<>(
                List.of("model", "scan", "--connect", zk.connectString() + ROOT, "--all", "--out", out.toString()));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    /**
     * The server's counts once three readings a second apart agree: every session registered and cached. Three,
     * not two: with jobs running, two readings can each catch a run's ephemeral nodes, of two jobs a second apart.
     */
    public static ServerStats steady(StatsClient stats, ServerAddress server) {
        AtomicReference<ServerStats> last = new AtomicReference<>();
        AtomicInteger agreeing = new AtomicInteger();
        await().atMost(Timeouts.seconds(60)).pollInterval(Duration.ofSeconds(1)).until(() -> {
            ServerStats now = stats.monitor(server);
            ServerStats before = last.getAndSet(now);
            boolean same = before != null
                    && before.znodeCount() == now.znodeCount()
                    && before.watchCount() == now.watchCount()
                    && before.ephemeralsCount() == now.ephemeralsCount()
                    && before.aliveConnections() == now.aliveConnections();
            if (!same) {
                agreeing.set(0);
                return false;
            }
            return agreeing.incrementAndGet() >= 2;
        });
        return last.get();
    }

    /**
     * Asserts that the simulated domain's footprint on the server is the real one's.
     *
     * @param simSessions sessions the simulated side has beside the domain's: the fleet's control session, with
     *                    its ephemeral lock on the root
     */
    public static void assertSameFootprint(
            ServerStats r0, ServerStats r1, ServerStats s0, ServerStats s1, int simSessions) {
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
        assertThat((double) s1.ephemeralsCount() - s0.ephemeralsCount() - simSessions)
                .as("ephemerals")
                .isCloseTo((double) r1.ephemeralsCount() - r0.ephemeralsCount(), withinPercentage(2));
        assertThat(s1.aliveConnections() - s0.aliveConnections())
                .as("sessions")
                .isEqualTo(r1.aliveConnections() - r0.aliveConnections() + simSessions);
        assertThat(r1.watchCount() - r0.watchCount())
                .as("a tree worth comparing")
                .isGreaterThan(100);
    }
}
