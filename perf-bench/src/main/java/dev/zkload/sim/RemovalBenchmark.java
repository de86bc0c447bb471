package dev.zkload.sim;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.stats.ServerState;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.zk.connect.ServerAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Benchmark command (not a test): how long removing domains takes when the leader is busy, with the other
 * domains' job runs held while they go (what {@link DomainFleet#removeDomains} does) and without (the
 * removal before the hold; the trees are deleted alike, several at a time). On an embedded-like ensemble of three forked servers: {@code domains} domains
 * added, a minute to settle, {@code k} removed with the hold, a minute to settle, {@code k} more removed
 * without it. The held removal goes first, from the larger fleet, so the ratio is the conservative one.
 * The leader's outstanding requests are sampled every second, and the fleet's completed runs per domain
 * show that the load is back after the held removal. Run {@code bench/removal.sh 100 5}.
 *
 * <p>In executor-sim's package, though built apart from it: the removal without the hold, the baseline, is
 * package-private there, kept for this benchmark and out of the library's API.
 */
public final class RemovalBenchmark {
    private static final StatsClient STATS = new StatsClient(Duration.ofSeconds(5));
    private static final Duration SETTLE = Duration.ofSeconds(60);

    private RemovalBenchmark() {}

    public static void main(String[] args) throws Exception {
        int domains = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int k = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(3).heap("1g").build()) {
            zk.start();
            FleetImpl fleet = (FleetImpl) DomainFleet.builder(zk.connectString())
                    .root("/zkload/removal-benchmark")
                    .build();
            try {
                fleet.start();
                long t0 = System.nanoTime();
                for (int up = 0; up < domains; up += 10) {
                    fleet.addDomains(Math.min(10, domains - up));
                    System.out.printf(
                            Locale.ROOT,
                            "%d domains up after %.0f s%n",
                            fleet.snapshot().domains(),
                            secs(t0));
                }
                List<String> rows = new ArrayList<>();
                Window settled = settle(zk, fleet);
                Removal held = remove(zk, fleet, k, true);
                Window after = settle(zk, fleet);
                Removal unheld = remove(zk, fleet, k, false);
                rows.add(held.row("held", settled));
                rows.add(unheld.row("not held", after));
                System.out.println("| removal | domains | s | leader outstanding, settled before | during |");
                System.out.println("|---|---|---:|---:|---:|");
                rows.forEach(System.out::println);
                System.out.printf(
                        Locale.ROOT,
                        "held / not held: %.3f of the time. Completed runs per domain and s: %.3f in the minute"
                                + " before the held removal, %.3f in the minute after it.%n",
                        held.seconds / unheld.seconds,
                        settled.runsPerDomainSecond,
                        after.runsPerDomainSecond);
            } finally {
                fleet.close();
            }
        }
    }

    private static Window settle(LocalEnsemble zk, FleetImpl fleet) throws Exception {
        FleetSnapshot before = fleet.snapshot();
        long t0 = System.nanoTime();
        double outstanding = sampleLeader(zk, () -> Thread.sleep(SETTLE.toMillis()));
        double runs = (fleet.snapshot().runsCompleted() - before.runsCompleted()) / secs(t0) / before.domains();
        return new Window(outstanding, runs);
    }

    private static Removal remove(LocalEnsemble zk, FleetImpl fleet, int k, boolean hold) throws Exception {
        int from = fleet.snapshot().domains();
        long t0 = System.nanoTime();
        double outstanding = sampleLeader(zk, () -> fleet.removeDomains(k, hold));
        double s = secs(t0);
        System.out.printf(Locale.ROOT, "removed %d domains (hold %s) in %.1f s%n", k, hold, s);
        return new Removal(from, fleet.snapshot().domains(), s, outstanding);
    }

    /** The leader's mean outstanding requests, sampled every second while {@code work} runs. */
    private static double sampleLeader(LocalEnsemble zk, Work work) throws Exception {
        ServerAddress leader = leader(zk);
        List<Long> samples = new ArrayList<>();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        var unused = sampler.scheduleAtFixedRate(
                () -> {
                    try {
                        long o = STATS.monitor(leader).outstandingRequests();
                        synchronized (samples) {
                            samples.add(o);
                        }
                    } catch (Exception e) {
                        // a missed sample is left out of the mean
                    }
                },
                0,
                1,
                TimeUnit.SECONDS);
        try {
            work.run();
        } finally {
            sampler.shutdownNow();
            sampler.awaitTermination(10, TimeUnit.SECONDS);
        }
        synchronized (samples) {
            return samples.stream().mapToLong(Long::longValue).average().orElse(Double.NaN);
        }
    }

    private static ServerAddress leader(LocalEnsemble zk) throws Exception {
        for (ServerAddress s : zk.servers()) {
            if (STATS.summary(s).state() == ServerState.LEADER) {
                return s;
            }
        }
        throw new IllegalStateException("no server of " + zk.connectString() + " leads");
    }

    private static double secs(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }

    private interface Work {
        void run() throws Exception;
    }

    private record Window(double outstanding, double runsPerDomainSecond) {}

    private record Removal(int from, int to, double seconds, double outstanding) {
        String row(String how, Window settled) {
            return String.format(
                    Locale.ROOT,
                    "| %s | %d → %d | %.1f | %.0f | %.0f |",
                    how,
                    from,
                    to,
                    seconds,
                    settled.outstanding,
                    outstanding);
        }
    }
}
