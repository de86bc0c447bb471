package dev.zkload.runner.engine.resources;

import dev.zkload.bench.machine.CpuList;
import dev.zkload.bench.machine.CpuUsage;
import dev.zkload.bench.machine.GcLog;
import dev.zkload.bench.machine.ProcessUsage;
import dev.zkload.bench.stats.PrometheusReading;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.runner.result.HostUsage;
import dev.zkload.runner.result.LeaderStages;
import dev.zkload.runner.result.ServerUsage;
import dev.zkload.runner.result.Stage;
import dev.zkload.runner.result.StepResources;
import dev.zkload.zk.connect.ServerAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A step's resources and the leader's stage times, from what {@link ResourceMonitor} read over its settled
 * load and the servers' own totals in the sampler's rounds. What could not be read is listed, never filled in.
 */
public final class StepResourceFigures {
    /** The counters that rise when a server holds back or sheds requests (ZooKeeper 3.6 and later). */
    static final List<String> THROTTLE_COUNTERS = List.of(
            "throttled_ops", "request_throttle_wait_count", "stale_requests_dropped", "large_requests_rejected");

    private StepResourceFigures() {}

    /**
     * What the machine and each server used over a window.
     *
     * @param rounds  the sampler's rounds over the window, oldest first (empty without server statistics)
     * @param servers the target's servers
     */
    static StepResources resources(MachineWindow w, List<List<StatsSample>> rounds, List<ServerAddress> servers) {
        List<String> unobserved = new ArrayList<>();
        Map<String, ServerUsage> usage = new LinkedHashMap<>();
        List<String> remote = new ArrayList<>();
        List<String> reported = new ArrayList<>();
        List<String> unread = new ArrayList<>();
        List<String> noGc = new ArrayList<>();
        Map<String, String> noFsync = new LinkedHashMap<>();
        Map<String, String> noThrottle = new LinkedHashMap<>();
        double serversCores = 0;
        for (ServerAddress a : servers) {
            String s = a.hostPort();
            ProcessUsage p = w.servers().get(s);
            GcLog.GcPauses gc = w.gc().get(s);
            PrometheusReading.Usage told = w.remote().get(s);
            CounterWindow c = CounterWindow.of(rounds, s);
            if (!w.local().contains(s)) {
                (told == null ? remote : reported).add(s);
            } else if (p == null) {
                unread.add(s);
            } else {
                serversCores += p.cores();
            }
            if (gc == null && p != null) {
                noGc.add(s);
            }
            ServerUsage.Fsync fsync = c.grown("fsynctime")
                    .map(g -> new ServerUsage.Fsync(
                            g.count(), round(g.mean(), 3), round(c.worstStepMean("fsynctime"), 3)))
                    .orElse(null);
            c.whyNot("fsynctime summary", fsync != null, 3, 6).ifPresent(why -> noFsync.put(s, why));
            c.whyNot(
                            "throttle counters",
                            c.answered()
                                    && THROTTLE_COUNTERS.stream()
                                            .anyMatch(k -> c.last().counter(k) >= 0),
                            3,
                            6)
                    .ifPresent(why -> noThrottle.put(s, why));
            // a process read here comes first; a remote server's own endpoint tells its CPU and GC totals only
            PrometheusReading.Usage t = p == null ? told : null;
            usage.put(
                    s,
                    new ServerUsage(
                            c.answered() ? c.last().state().name().toLowerCase(Locale.ROOT) : null,
                            p != null ? Double.valueOf(round(p.cores(), 3)) : t == null ? null : round(t.cores(), 3),
                            // no CPU list read: what it may use is unknown, not nothing
                            p == null || !(p.mayUse() > 0) ? null : round(p.mayUse(), 2),
                            p == null || p.allowedCpus().isEmpty() ? null : CpuList.format(p.allowedCpus()),
                            p == null || w.host() == null
                                    ? null
                                    : roundedOrNull(w.host().busyPercentOf(p.allowedCpus()), 1),
                            p == null ? null : p.hottestThread(),
                            p == null || p.hottestThread() == null ? null : round(p.hottestCores(), 3),
                            gc != null ? Long.valueOf(gc.count()) : t == null ? null : t.gcPauses(),
                            gc == null || Double.isNaN(gc.maxMs()) ? null : round(gc.maxMs(), 1),
                            gc != null
                                    ? Double.valueOf(round(gc.totalMs(), 1))
                                    : t == null || t.gcTotalMs() == null ? null : round(t.gcTotalMs(), 1),
                            fsync,
                            perSecond(c, c.growth("bytes_received_count")),
                            perSecond(c, bytesOut(c)),
                            throttled(c),
                            p != null ? "proc" : t == null ? null : "prometheus",
                            p == null ? null : round(1000 * p.collectorSeconds(), 1),
                            w.heaps().containsKey(s) ? round(w.heaps().get(s), 1) : null));
        }
        HostUsage host = host(w.host(), w.runner(), unread.isEmpty() ? serversCores : null);
        if (host == null) {
            unobserved.add("this machine's CPU (no /proc/stat to read)");
        }
        if (!remote.isEmpty()) {
            unobserved.add("the CPU and GC of " + String.join(", ", remote)
                    + " (not on this machine, and no Prometheus endpoint of its own answered: --server-prometheus)");
        }
        if (!reported.isEmpty()) {
            unobserved.add("the cores " + String.join(", ", reported)
                    + " may use, its busiest thread and its longest GC pause (its Prometheus endpoint tells its CPU"
                    + " time and GC totals, not its machine's cores)");
        }
        if (!unread.isEmpty()) {
            unobserved.add("the CPU and GC of " + String.join(", ", unread)
                    + " (on this machine, but no JVM of this user holds its port: another user's, or a container's behind a"
                    + " port forwarder)");
        }
        if (!noGc.isEmpty()) {
            unobserved.add("the GC pauses of " + String.join(", ", noGc)
                    + " (its JVM names no GC log on its command line that zkload can read, and publishes no HotSpot"
                    + " counters: -XX:-UsePerfData, or no HotSpot JVM)");
        }
        String shows = "; a throttle still shows as work not delivered";
        noFsync.forEach((s, why) -> unobserved.add(
                why.equals(noThrottle.get(s))
                        ? "the fsync times and throttle counters of " + s + " (" + why + shows + ")"
                        : "the fsync times of " + s + " (" + why + ")"));
        noThrottle.forEach((s, why) -> {
            if (!why.equals(noFsync.get(s))) {
                unobserved.add("the throttle counters of " + s + " (" + why + shows + ")");
            }
        });
        if (stages(rounds) == null) {
            unobserved.add("the leader's request stages (" + whyNoStages(rounds) + ")");
        }
        return new StepResources(host, usage, unobserved, w.disks());
    }

    /** Why the window has no stage times of the leader, in words. */
    private static String whyNoStages(List<List<StatsSample>> rounds) {
        Optional<String> leader = rounds.stream()
                .map(dev.zkload.bench.stats.Rounds::leaderOf)
                .flatMap(Optional::stream)
                .map(l -> l.server().hostPort())
                .reduce((a, b) -> b);
        if (leader.isEmpty()) {
            return rounds.isEmpty()
                    ? "no statistics were read"
                    : "no server answered as the leader in the " + rounds.size() + " rounds";
        }
        return CounterWindow.of(rounds, leader.get())
                .whyNot("request stage summaries", false, 3, 6)
                .orElseThrow();
    }

    /** The leader's stage times over the window; null when no leader answered twice or it reports no stage. */
    public static LeaderStages stages(List<List<StatsSample>> rounds) {
        String leader = null;
        for (List<StatsSample> round : rounds) {
            Optional<StatsSample> l = dev.zkload.bench.stats.Rounds.leaderOf(round);
            if (l.isPresent()) {
                leader = l.get().server().hostPort();
            }
        }
        if (leader == null) {
            return null;
        }
        String current = leader;
        // a leader that changed in the window: its totals since it led (an earlier leader's are another server's)
        int since = 0;
        for (int i = 0; i < rounds.size(); i++) {
            Optional<StatsSample> l = dev.zkload.bench.stats.Rounds.leaderOf(rounds.get(i));
            if (l.isPresent() && !l.get().server().hostPort().equals(current)) {
                since = i + 1;
            }
        }
        CounterWindow c = CounterWindow.of(rounds.subList(since, rounds.size()), current);
        Map<String, LeaderStages.StageTime> times = new LinkedHashMap<>();
        for (Stage s : Stage.values()) {
            c.grown(s.summary())
                    .ifPresent(g -> times.put(s.json(), new LeaderStages.StageTime(g.count(), round(g.mean(), 3))));
        }
        return times.isEmpty() ? null : new LeaderStages(current, times);
    }

    /**
     * The machine's CPU over a window and who had it.
     *
     * @param serversCores the target's servers running here, together; null when one of them could not be read
     */
    static HostUsage host(CpuUsage h, ProcessUsage runnerUsage, Double serversCores) {
        if (h == null) {
            return null;
        }
        // the runner unread: its share is not known, and so neither is what other processes took
        Double runner = runnerUsage == null ? null : runnerUsage.cores();
        Double other = serversCores == null || runner == null
                ? null
                : round(Math.max(0, h.busyCores() - h.cores() * h.stealPercent() / 100 - runner - serversCores), 3);
        return new HostUsage(
                h.cores(),
                round(h.busyPercent(), 1),
                round(h.iowaitPercent(), 1),
                round(h.stealPercent(), 1),
                runner == null ? null : round(runner, 3),
                serversCores == null ? null : round(serversCores, 3),
                other);
    }

    /** Response and watch-event bytes together (3.9 and later); empty when either is not reported. */
    private static Optional<Long> bytesOut(CounterWindow c) {
        Optional<Long> responses = c.growth("response_bytes");
        Optional<Long> watches = c.growth("watch_bytes");
        return responses.isPresent() && watches.isPresent()
                ? Optional.of(responses.get() + watches.get())
                : Optional.empty();
    }

    private static Double perSecond(CounterWindow c, Optional<Long> growth) {
        double s = c.seconds();
        return growth.isEmpty() || s <= 0 ? null : round(growth.get() / s, 1);
    }

    private static Map<String, Long> throttled(CounterWindow c) {
        Map<String, Long> rose = new LinkedHashMap<>();
        for (String k : THROTTLE_COUNTERS) {
            c.growth(k).filter(n -> n > 0).ifPresent(n -> rose.put(k, n));
        }
        return rose;
    }

    /** NaN (nothing to measure it on) is not observed, never a 0. */
    private static Double roundedOrNull(double v, int places) {
        return Double.isFinite(v) ? round(v, places) : null;
    }

    static double round(double v, int places) {
        double f = Math.pow(10, places);
        return Math.round(v * f) / f;
    }
}
