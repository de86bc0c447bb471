package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.client.Connections;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.sim.testing.ServerRequestLog;
import dev.zkload.sim.testing.ServerRequestLog.Request;
import dev.zkload.sim.testing.ServerRequestLog.Requests;
import dev.zkload.zk.connect.ServerAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The simulator against a real forked server, measured from outside: per domain, what the server
 * counts ({@code mntr}, {@code srvr}) must be within 10% of the model's expectation, the run cycle
 * must turn (every item ran), and for one domain of each model the requests the server answered
 * must match the model per job fire within one fire of those in the window (a fire a busy machine delayed
 * across the window's edge) and within 2% per second (with the statistics flushes the window held). The per-fire figure is exact in
 * the model and in the simulator, so a one-minute window is enough: every job fires once a minute at
 * its own second, so a fire cut by the window's start is cut at the same point by its end, and the
 * two parts make one whole fire.
 *
 * <p>The three tests run side by side, each on its own server (the class, like every other, runs
 * alone): most of their time is spent waiting for Saturn's one-minute cron, not working.
 */
// DomainFleet.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
class FaithfulnessIT {
    private static final double TOLERANCE = 0.10;
    private static final String ROOT = "/zkload/sim-test";
    private static final List<String> STATISTICS =
            List.of("/processSuccessCount", "/processFailureCount", "/analyse/processCount");

    static Stream<Named<SaturnModel>> oneDomainOfEachModel() {
        return Stream.of(
                Named.of("saturn-2.1, 2 consoles", SaturnModel.saturn21()),
                // one console, as real Saturn 3.5 was measured
                Named.of(
                        "saturn-3, 1 console",
                        SaturnModel.saturn3().toBuilder().consolesPerDomain(1).build()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("oneDomainOfEachModel")
    @Execution(ExecutionMode.CONCURRENT)
    void oneDomainShowsTheModelsFootprintAndRequestRateOnTheServer(SaturnModel model) throws Exception {
        try (ServerRequestLog requests = ServerRequestLog.create()) {
            checkFootprint(model, 1, Duration.ofMinutes(1), requests);
        }
    }

    /**
     * The heavier run: 25 domains (125 sessions, ≈55,000 znodes, ≈143,000 watches) hold the same
     * per-domain footprint. One minute of write window is enough here: 875 jobs each fire once in it.
     */
    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void twentyFiveDomainsKeepTheFootprintPerDomain() throws Exception {
        checkFootprint(SaturnModel.saturn21(), 25, Duration.ofMinutes(1), null);
    }

    private static void checkFootprint(SaturnModel model, int domains, Duration window, ServerRequestLog requestLog)
            throws Exception {
        Footprint expected = model.expectedFootprint();
        List<String> flags = requestLog == null ? List.of() : requestLog.jvmFlags();
        try (LocalEnsemble zk =
                LocalEnsemble.builder().servers(1).heap("1g").jvmFlags(flags).build()) {
            zk.start();
            ServerAddress server = zk.servers().get(0);
            StatsClient stats = new StatsClient(Duration.ofSeconds(5));
            ServerStats before = stats.monitor(server);
            try (DomainFleet fleet = DomainFleet.builder(zk.connectString())
                    .root(ROOT)
                    .model(model)
                    .build()) {
                fleet.start();
                fleet.addDomains(domains);
                long sessionsPerDomain = (long) model.executorsPerDomain() + model.consolesPerDomain();
                assertThat(fleet.snapshot().sessionsOpen()).isEqualTo(domains * sessionsPerDomain);
                assertThat(fleet.snapshot().sessionsConnected())
                        .as("executors and consoles connected")
                        .isEqualTo(domains * sessionsPerDomain);

                // steady state: every item of every job has run once (its completed node exists). That takes
                // up to three minutes: the console reshards, the job leader applies it lazily at its next fire,
                // and the owners run their items at the fire after that.
                ZooKeeper observer = observer(zk);
                try {
                    long itemsTotal = (long) domains * model.jobsPerDomain() * model.itemsPerJob();
                    Set<String> completed = new HashSet<>();
                    await().atMost(Timeouts.scaled(Duration.ofMinutes(6)))
                            .pollInterval(Duration.ofSeconds(2))
                            .ignoreExceptions()
                            .untilAsserted(() -> assertThat(notYetCompleted(observer, domains, model, completed))
                                    .as("items of %d that never completed", itemsTotal)
                                    .isEmpty());
                } finally {
                    observer.close();
                }
                ServerStats after = stats.monitor(server);
                FleetSnapshot steady = fleet.snapshot();

                // write transactions over the window: every job fires exactly once a minute, so the window
                // holds one fire of each per minute; the zxid counts every transaction of the epoch
                ZooKeeper marker = observer(zk);
                try {
                    // each end of the window reads the same things in the same order (marker, packets, zxid): the
                    // counters' windows are the trace's, moved by a read, not stretched by one; a fire's burst of
                    // requests caught in a stretch would count against the model
                    ServerRequestLog.Window traced = requestLog == null ? null : requestLog.begin(marker);
                    long t0 = System.nanoTime();
                    long packets0 = packetsReceived(stats, server);
                    long zxid0 = stats.summary(server).zxid();
                    TimeUnit.MILLISECONDS.sleep(window.toMillis()); // a measurement window, not a wait for a condition
                    // the trace ends where the window's length is taken, before the counters' reads below: they
                    // take their own time on a busy machine, and a trace that ran on through them held more than
                    // `seconds` (part of a fire's reads, 1.1% above the model, in one CI run)
                    if (traced != null) {
                        traced.end();
                    }
                    double seconds = (System.nanoTime() - t0) / 1e9;
                    double packetsPerSec = (packetsReceived(stats, server) - packets0) / seconds / domains;
                    double writesPerSec = (stats.summary(server).zxid() - zxid0) / seconds / domains;
                    Requests answered = traced == null ? null : traced.requests();
                    // with a trace, the statistics flushes the window held; without, the model's average
                    double flushExcess = answered == null ? 0 : flushExcessPerSec(model, answered, seconds);
                    double writesExpected = expected.writesPerSec() + flushExcess * 3;
                    System.out.printf(
                            "%s per domain: %.2f write txns/s (model %.2f, %.2f with the window's statistics)%n",
                            model.name(), writesPerSec, expected.writesPerSec(), writesExpected);
                    assertThat(writesPerSec).isCloseTo(writesExpected, withinPercentage(10));
                    if (answered != null) {
                        checkRequests(model, answered, seconds, packetsPerSec, flushExcess);
                    }
                } finally {
                    marker.close();
                }

                long rootNodes = model.version().watchesSaturnSelf()
                        ? 3 + 3
                        : 3; // /zkload, the root, its zkload.lock, $SaturnSelf/saturn-executor/config
                double znodes = (after.znodeCount() - before.znodeCount() - rootNodes) / (double) domains;
                double watches = (after.watchCount() - before.watchCount()) / (double) domains;
                // the fleet's claim on its root (zkload.lock) is not part of any domain either
                double ephemerals = (after.ephemeralsCount() - before.ephemeralsCount() - 1) / (double) domains;
                // the fleet's own control session (it writes the domains' trees) is not part of any domain
                double sessions = (after.aliveConnections() - before.aliveConnections() - 1) / (double) domains;
                System.out.printf(
                        "%d domains of %s per domain: znodes %.1f (model %.0f), watches %.1f (model %.0f),"
                                + " ephemerals %.1f (model %.1f), sessions %.1f (model %.0f)%n",
                        domains,
                        model.name(),
                        znodes,
                        expected.znodes(),
                        watches,
                        expected.watches(),
                        ephemerals,
                        expected.ephemerals(),
                        sessions,
                        expected.sessions());
                assertThat(znodes).isCloseTo(expected.znodes(), withinPercentage(10));
                assertThat(watches).isCloseTo(expected.watches(), withinPercentage(10));
                assertThat(ephemerals).isCloseTo(expected.ephemerals(), withinPercentage(10));
                assertThat(sessions).isEqualTo(expected.sessions());
                if (model.equals(SaturnModel.saturn21())) {
                    // the 2017 report's marginal cost per domain (400 -> 700 domains)
                    assertThat(znodes).isBetween(2187 * (1 - TOLERANCE), 2205 * (1 + TOLERANCE));
                    assertThat(watches).isBetween(5689 * (1 - TOLERANCE), 5744 * (1 + TOLERANCE));
                }
                FleetSnapshot s = fleet.snapshot();
                assertThat(s.runsCompleted())
                        .isGreaterThanOrEqualTo((long) domains * model.jobsPerDomain() * model.itemsPerJob());
                assertThat(s.runsFailed()).isZero();
                // while domains register, a job leader's fire may reshard onto an executor whose sharding node
                // is not written yet (NoNode; the next fire retries, as Saturn's does): only that, and only then
                for (FailureKind kind : FailureKind.values()) {
                    assertThat(s.failures().get(kind) - steady.failures().get(kind))
                            .as("%s failures in steady state: %s", kind, s.failures())
                            .isZero();
                    if (kind != FailureKind.RESHARD) {
                        assertThat(steady.failures().get(kind))
                                .as("%s failures while registering: %s", kind, steady.failures())
                                .isZero();
                    }
                }
            }
            ServerStats cleaned = stats.monitor(server);
            assertThat(cleaned.znodeCount())
                    .as("close() removed the root and /zkload")
                    .isEqualTo(before.znodeCount());
        }
    }

    /**
     * The requests one domain's sessions sent, as the server answered them: reads per job fire
     * (statistics left out: they come every five minutes, not per fire), creates and deletes per
     * fire, and every request per second, against the model.
     */
    private static void checkRequests(
            SaturnModel model, Requests answered, double seconds, double packetsPerSec, double flushExcess) {
        double fires = model.jobsPerDomain() * seconds / SaturnModel.CRON_PERIOD.toSeconds();
        Predicate<Request> statistics = r -> STATISTICS.stream().anyMatch(r.path()::endsWith);
        double readsPerFire = answered.count(r -> r.isRead() && !statistics.test(r)) / fires;
        double itemWritesPerFire =
                answered.count(r -> r.type().equals("create") || r.type().equals("delete")) / fires;
        double requestsPerSec = answered.all().size() / seconds;
        Footprint expected = model.expectedFootprint();
        // a flush is 3 writes, 3 reads, and each console's re-read of the two counters
        double expectedPerSec = expected.requestsPerSec() + flushExcess * (6.0 + 2 * model.consolesPerDomain());
        String table = answered.byShape(FaithfulnessIT::shape).entrySet().stream()
                .map(e -> String.format("%8.2f per fire  %s", e.getValue() / fires, e.getKey()))
                .collect(Collectors.joining("\n"));
        System.out.printf(
                "%s, %d console(s), requests the server answered in %.1f s (%.1f fires), by type and path:%n%s%n",
                model.name(), model.consolesPerDomain(), seconds, fires, table);
        System.out.printf(
                "%s: %.2f reads per fire (model %.0f); %.2f requests/s traced, %.2f packets/s received"
                        + " (model %.2f reads + %.2f writes = %.2f; %.2f with the window's statistics)%n",
                model.name(),
                readsPerFire,
                FootprintModel.readsPerFire(model),
                requestsPerSec,
                packetsPerSec,
                expected.readsPerSec(),
                expected.writesPerSec(),
                expected.requestsPerSec(),
                expectedPerSec);
        // a fire that straddles the window's start is cut at the same point by its end only if every fire keeps
        // its second exactly; a machine that delays one fire by a few hundred ms moves up to one fire's requests
        // across an edge, so the tolerance is one fire in those the window holds (2.9% for 35): in one CI run a
        // busy machine moved 3 item runs of a fire into the window, and its reads with them (231.2 per fire
        // against the model's 228, 1.4%)
        double oneFire = 100.0 / fires;
        assertThat(readsPerFire)
                .as("reads per job fire")
                .isCloseTo(FootprintModel.readsPerFire(model), withinPercentage(oneFire));
        assertThat(itemWritesPerFire)
                .as("creates and deletes per job fire")
                .isCloseTo(4.0 * model.itemsPerJob(), withinPercentage(oneFire));
        assertThat(requestsPerSec).as("requests per second").isCloseTo(expectedPerSec, withinPercentage(2));
        // the server's own counter also holds the idle sessions' pings, well under 1% here
        assertThat(packetsPerSec).as("zk_packets_received per second").isCloseTo(expectedPerSec, withinPercentage(2));
    }

    /**
     * The statistics flushes per second a traced window held beyond the model's average. Each (executor, job)
     * flushes once in five minutes at a moment of its own, so a one-minute window holds a fifth of them on
     * average, more or fewer from window to window (14 to 38 of 105 in the runs seen): enough to move the
     * requests per second by 2% against the model's five-minute average. A flush begins with its executor's
     * {@code exists} on its success counter, and no (executor, job) flushes twice in a window shorter than
     * the period: a simulator that flushed too often would fail here, not pass as chance.
     */
    private static double flushExcessPerSec(SaturnModel model, Requests answered, double seconds) {
        List<Request> flushes = answered.all().stream()
                .filter(r -> r.type().equals("exists") && r.path().endsWith("/processSuccessCount"))
                .toList();
        long pairs = (long) model.executorsPerDomain() * model.jobsPerDomain();
        System.out.printf(
                "%s: %d statistics flushes of %d (executor, job) in %.1f s%n",
                model.name(), flushes.size(), pairs, seconds);
        assertThat(flushes.stream()
                        .map(r -> r.session() + " " + r.path())
                        .distinct()
                        .count())
                .as("(executor, job) pairs that flushed, one flush each")
                .isEqualTo(flushes.size());
        assertThat((long) flushes.size())
                .as("flushes, at most one per (executor, job)")
                .isLessThanOrEqualTo(pairs);
        return flushes.size() / seconds - (double) pairs / SaturnModel.STATS_PERIOD.toSeconds();
    }

    private static String shape(String path) {
        return path.replaceAll("^" + ROOT + "/d-\\d{4}", "<ns>")
                .replaceAll("job-\\d+", "<job>")
                .replaceAll("d-\\d{4}-exec-\\d+", "<executor>")
                .replaceAll("execution/\\d+", "execution/<item>");
    }

    private static ZooKeeper observer(LocalEnsemble zk) throws Exception {
        return Connections.open(zk.connectString(), Duration.ofSeconds(30), Duration.ofSeconds(30), null);
    }

    private static long packetsReceived(StatsClient stats, ServerAddress server) throws Exception {
        return Long.parseLong(stats.monitor(server).raw().get("zk_packets_received"));
    }

    /**
     * Items not yet seen with their {@code completed} node; adds those present now to {@code seen}.
     * "Seen once" rather than "all present at one instant": each run deletes its item's completed node
     * for its two seconds, so with hundreds of jobs some item is always mid-run. Checked one by one:
     * listing the whole tree would trip over the running nodes that come and go meanwhile.
     */
    private static List<String> notYetCompleted(ZooKeeper zk, int domains, SaturnModel model, Set<String> seen)
            throws Exception {
        List<String> missing = new ArrayList<>();
        for (int d = 0; d < domains; d++) {
            for (int j = 0; j < model.jobsPerDomain(); j++) {
                for (int i = 0; i < model.itemsPerJob(); i++) {
                    String path = String.format("%s/d-%04d/$Jobs/job-%02d/execution/%d/completed", ROOT, d, j, i);
                    if (!seen.contains(path)) {
                        if (zk.exists(path, false) != null) {
                            seen.add(path);
                        } else {
                            missing.add(path);
                        }
                    }
                }
            }
        }
        return missing;
    }
}
