package dev.zkload.runner.engine.resources;

import dev.zkload.bench.machine.CpuList;
import dev.zkload.runner.result.DeliveredWork;
import dev.zkload.runner.result.GeneratorHealth;
import dev.zkload.runner.result.HostUsage;
import dev.zkload.runner.result.LeaderStages;
import dev.zkload.runner.result.LimitedBy;
import dev.zkload.runner.result.LimitedBy.Resource;
import dev.zkload.runner.result.ServerUsage;
import dev.zkload.runner.result.Stage;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.text.Amounts;
import dev.zkload.runner.text.Durations;
import dev.zkload.runner.text.Plural;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Names the resource that ran out at the step a verdict names, by the rules of docs/verdict.md ("Why it
 * saturated"), each checked on what the step observed and in this order, the most specific first: a
 * throttle counter, the leader's CPU, the leader's transaction log, work short under a low queue (a throttle no
 * counter shows), this machine, the leader's GC, the quorum. The
 * first that holds is the answer, the others that hold are said beside it, and a resource that was not
 * observed is said to be unobserved: never ruled out.
 */
public final class LimitingResource {
    /** CPUs busy at least this share of the time are at their limit, %. */
    static final double BUSY_PERCENT = BusyHost.BUSY_PERCENT;
    /** One thread using this much of a core is at its limit: a thread runs on one core at a time. */
    static final double THREAD_CORES = 0.9;
    /** A process using this share of the cores it may use is at its limit. */
    static final double PROCESS_SHARE = 0.9;
    /** A transaction log whose fsyncs take this share of the time is fsyncing back to back. */
    static final double LOG_BUSY = 0.8;
    /**
     * A log whose fsyncs take this share of the time is the limit when writes also spend at least that share of
     * their time at the leader in its sync processor (its queue, batch and fsync): the rest of the sync thread's
     * time goes to writing the batch, so a log at its limit rarely reads as fsyncs back to back.
     */
    static final double LOG_HALF = 0.5;
    /** Other processes writing this much to a log's disk, bytes a second, are named beside the log's figures. */
    static final double OTHER_WRITERS_BYTES_PER_SEC = 1e6;
    /** A JVM paused for its GC this share of the time, or once this long, is held back by it. */
    static final double GC_SHARE = 0.1;

    static final double GC_MAX_MS = 1000;
    /** A heap this full of its largest size at a window's end is kept nearly full: short, %. */
    static final double HEAP_FULL_PERCENT = 90;
    /** The runner's fires started within this of their instants at the 99th percentile: on time, ms. */
    static final double FIRES_ON_TIME_MS = 1000;
    /** Fewer job fires delivered than this share: the domains' work fell short. */
    public static final double DELIVERED = 0.95;

    private LimitingResource() {}

    /**
     * The resource that ran out at {@code at}.
     *
     * @param at     the saturated step the verdict names
     * @param base   the baseline, the empty ensemble (null when not recorded)
     * @param stable the last stable step below it, to compare with (null when none was)
     */
    public static LimitedBy of(StepResult at, StepResult base, StepResult stable) {
        if (at.resources() == null && at.stages() == null && at.delivered() == null) {
            return new LimitedBy(
                    Resource.UNOBSERVED,
                    null,
                    at.domains(),
                    "neither the machine's nor the servers' resources were read at " + Plural.domains(at.domains()),
                    List.of(),
                    List.of());
        }
        List<Finding> found = new ArrayList<>();
        throttled(at).ifPresent(found::add);
        Optional<String> leader = leader(at);
        ServerUsage lu = leader.map(l ->
                        at.resources() == null ? null : at.resources().servers().get(l))
                .orElse(null);
        double seconds = seconds(at);
        boolean busyHost = BusyHost.settled(at).isPresent();
        if (lu != null && !busyHost) {
            // a collector at work takes the CPU the leader's process is seen to use: the heap, before the CPU
            gc(lu, seconds).ifPresent(e -> found.add(new Finding(Resource.LEADER_GC, leader.get(), e)));
        }
        if (lu != null) {
            // the CPU first: a thread starved of CPU is slow in its fsyncs too, which then time the CPU, not the disk
            cpu(at, lu, stable == null ? null : usage(stable, leader.get()), stable)
                    .ifPresent(e -> found.add(new Finding(Resource.LEADER_CPU, leader.get(), e)));
        }
        // a machine others kept busy starves every thread at once — the log's and the runner's too —: it comes before
        // what it explains, after what no starvation makes (a counter that rose, CPU a process used itself)
        BusyHost.settled(at)
                .ifPresent(b -> found.add(new Finding(
                        Resource.THIS_MACHINE, null, b.evidence() + ", leaving it too busy to measure the ensemble")));
        if (lu != null) {
            log(lu, base == null ? null : usage(base, leader.get()), seconds, at.stages(), queueSaturated(at))
                    .ifPresent(e -> found.add(new Finding(
                            Resource.TRANSACTION_LOG, leader.get(), e + othersOnTheDisk(at, leader.get()))));
        }
        // after the leader's own limits: a throttle holds the queue low, and a leader out of CPU or disk fills it
        shortfall(at).ifPresent(found::add);
        if (!busyHost) {
            machine(at).ifPresent(found::add);
        }
        if (lu != null && busyHost) {
            gc(lu, seconds).ifPresent(e -> found.add(new Finding(Resource.LEADER_GC, leader.get(), e)));
        }
        quorum(at, leader.orElse(null), seconds).ifPresent(found::add);
        List<String> unobserved = unobserved(at);
        if (found.isEmpty()) {
            return new LimitedBy(
                    Resource.NONE, null, at.domains(), NothingAtLimit.sentence(at, lu, stable), List.of(), unobserved);
        }
        Finding first = found.get(0);
        List<String> also = found.subList(1, found.size()).stream()
                .map(f -> f.resource().json() + (f.server() == null ? "" : " (" + f.server() + ")"))
                .toList();
        return new LimitedBy(first.resource(), first.server(), at.domains(), first.evidence(), also, unobserved);
    }

    /**
     * This machine, too busy to measure the step: what took it, and why nothing else is named.
     *
     * @param at   a step judged {@code host-busy}
     * @param base the baseline, the empty ensemble (null when not recorded)
     */
    public static LimitedBy busyHost(StepResult at, StepResult base) {
        String evidence = BusyHost.during(at).map(BusyHost::evidence).orElse("this machine was too busy to measure");
        // what the rules find beside the machine (a confined leader's CPU, a slowed log) is said, never in its place
        LimitedBy found = at.resources() == null ? null : of(at, base, null);
        List<String> also = new ArrayList<>();
        if (found != null && found.resource() != Resource.THIS_MACHINE && found.resource() != Resource.NONE) {
            also.add(found.resource().json() + (found.server() == null ? "" : " (" + found.server() + ")"));
        }
        if (found != null) {
            found.alsoAtLimit().stream()
                    .filter(a -> !a.startsWith("this-machine"))
                    .forEach(also::add);
        }
        return new LimitedBy(
                Resource.THIS_MACHINE,
                null,
                at.domains(),
                evidence + "; on a machine that busy a throttle, the runner's own limit and a fault of the ensemble"
                        + " look alike (late fires, work short, answers late), so none of them is named",
                also,
                found == null ? List.of() : found.unobserved());
    }

    /** The runner, not the ensemble: the reasons the generator was the bottleneck. */
    public static LimitedBy runner(StepResult at) {
        return new LimitedBy(
                Resource.RUNNER,
                null,
                at.domains(),
                "the runner was the bottleneck: "
                        + String.join("; ", at.generator().reasons()),
                List.of(),
                List.of());
    }

    private record Finding(Resource resource, String server, String evidence) {}

    /** A throttle counter that rose on any server. */
    private static Optional<Finding> throttled(StepResult at) {
        if (at.resources() != null) {
            for (Map.Entry<String, ServerUsage> s : at.resources().servers().entrySet()) {
                if (!s.getValue().throttled().isEmpty()) {
                    List<String> rose = new ArrayList<>();
                    s.getValue().throttled().forEach((k, n) -> rose.add(k + " rose by " + n));
                    return Optional.of(new Finding(
                            Resource.THROTTLE,
                            s.getKey(),
                            String.join(", ", rose) + " on " + s.getKey() + role(s.getValue())
                                    + ": the server held back or shed requests"));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The domains' work fell short while the leader's queue did not meet the rule: held back unseen. A throttle needs
     * positive evidence, since a starved machine delivers fires late for every party: the machine had cores to spare
     * and the runner started its fires on time, so the work was held back between the runner and the servers.
     */
    private static Optional<Finding> shortfall(StepResult at) {
        DeliveredWork d = at.delivered();
        HostUsage h = at.resources() == null ? null : at.resources().host();
        GeneratorHealth.Lag fires = at.generator() == null
                ? GeneratorHealth.Lag.NONE
                : at.generator().fireLag();
        if (d == null || d.share() == null || d.share() >= DELIVERED || queueSaturated(at)) {
            return Optional.empty();
        }
        if (h == null || BusyHost.atLimit(h) || fires.count() == 0 || fires.p99Ms() > FIRES_ON_TIME_MS) {
            return Optional.empty();
        }
        String queue = at.server() == null
                ? "the leader's queue was not observed"
                : "the leader's queue never passed " + at.server().outstandingMax();
        return Optional.of(new Finding(
                Resource.THROTTLE,
                null,
                String.format(
                        Locale.ROOT,
                        "only %.0f%% of the %d job fires due were delivered, while %s, no throttle counter rose, the"
                                + " machine had cores to spare (%.0f%% busy) and the runner started its fires on time"
                                + " (%s late at p99): requests were held back where no counter shows it, as a"
                                + " server's zookeeper.globalOutstandingLimit does",
                        100 * d.share(),
                        d.firesDue(),
                        queue,
                        h.busyPercent(),
                        Durations.ofMillis(fires.p99Ms()))));
    }

    /** The leader's queue met the saturation rule (not only the delivered work). */
    private static boolean queueSaturated(StepResult at) {
        return at.saturation() != null && at.saturation().rule() != dev.zkload.runner.result.Saturation.Rule.SHORTFALL;
    }

    /**
     * The log is the limit: its fsyncs back to back, or, where the leader's queue met the saturation rule, half the
     * time while writes spend half theirs in the sync processor (a leader's {@code stages}; null for a follower,
     * which must then be back to back). Work short under a low queue is a throttle's mark, not a slow log's: a log at
     * its limit fills the queue.
     */
    private static Optional<String> log(
            ServerUsage u, ServerUsage base, double seconds, LeaderStages stages, boolean queueSaturated) {
        ServerUsage.Fsync f = u.fsync();
        if (f == null || seconds <= 0) {
            return Optional.empty();
        }
        double busy = f.count() * f.meanMs() / 1000.0 / seconds;
        double write = stages == null ? 0 : stages.pathMs(true);
        double sync = stages == null || stages.of(Stage.SYNC) == null
                ? 0
                : stages.of(Stage.SYNC).meanMs();
        boolean syncBound = queueSaturated && write > 0 && sync >= LOG_HALF * write;
        if (busy < LOG_BUSY && !(busy >= LOG_HALF && syncBound)) {
            return Optional.empty();
        }
        String vsBase;
        if (base == null || base.fsync() == null || base.fsync().meanMs() <= 0) {
            vsBase = "";
        } else if (f.meanMs() / base.fsync().meanMs() < 1.5) {
            // as slow on the empty ensemble: the disk itself, not what the load made of it
            vsBase = String.format(
                    Locale.ROOT,
                    ", as slow as on the empty ensemble (%.1f ms)",
                    base.fsync().meanMs());
        } else {
            vsBase = String.format(
                    Locale.ROOT,
                    ", %s the baseline's %.1f ms",
                    Amounts.times(f.meanMs() / base.fsync().meanMs()),
                    base.fsync().meanMs());
        }
        return Optional.of(String.format(
                        Locale.ROOT,
                        "fsyncs took %.0f%% of the time%s (%d averaging %.1f ms%s)",
                        100 * Math.min(1, busy),
                        busy >= LOG_BUSY ? ", back to back" : "",
                        f.count(),
                        f.meanMs(),
                        vsBase)
                + (syncBound
                        ? String.format(
                                Locale.ROOT,
                                ", and a write spent %.1f of its %.1f ms at the leader in the sync processor",
                                sync,
                                write)
                        : ""));
    }

    /** Other processes writing to the disk under {@code server}'s log, in words after its log's figures; empty if none did. */
    static String othersOnTheDisk(StepResult at, String server) {
        return logDisk(at, server)
                .filter(d -> d.getValue().othersBytesPerSec() != null
                        && d.getValue().othersBytesPerSec() >= OTHER_WRITERS_BYTES_PER_SEC)
                .map(d -> String.format(
                        Locale.ROOT,
                        ", while other processes wrote %.1f MB/s to its disk (%s, %.0f%% busy)",
                        d.getValue().othersBytesPerSec() / 1e6,
                        d.getKey(),
                        d.getValue().busyPercent()))
                .orElse("");
    }

    /** The disk (by name) that holds {@code server}'s transaction log, where it runs here and was found. */
    static Optional<Map.Entry<String, dev.zkload.runner.result.DiskUsage>> logDisk(StepResult at, String server) {
        return at.resources() == null
                ? Optional.empty()
                : at.resources().disks().entrySet().stream()
                        .filter(d -> d.getValue().logsOf().contains(server))
                        .findFirst();
    }

    private static Optional<String> cpu(StepResult at, ServerUsage u, ServerUsage before, StepResult stable) {
        if (u.cpuCores() == null) {
            return Optional.empty();
        }
        String then = before == null || before.cpuCores() == null
                ? ""
                : String.format(Locale.ROOT, " (%s at %d)", Amounts.cores(before.cpuCores()), stable.domains());
        if (u.mayUseCores() != null && u.cpuCores() >= PROCESS_SHARE * u.mayUseCores()) {
            return Optional.of(String.format(
                    Locale.ROOT,
                    "the leader used %s of the %s it may use at %s%s",
                    Amounts.cores(u.cpuCores()),
                    Amounts.coresNoun(u.mayUseCores()),
                    Plural.domains(at.domains()),
                    then));
        }
        if (u.hottestThreadCores() != null && u.hottestThreadCores() >= THREAD_CORES) {
            return Optional.of(String.format(
                    Locale.ROOT,
                    "the leader's thread %s used %s of one core at %s, all a thread can use (the process %s%s)",
                    u.hottestThread(),
                    Amounts.cores(u.hottestThreadCores()),
                    Plural.domains(at.domains()),
                    Amounts.cores(u.cpuCores()),
                    then));
        }
        HostUsage host = at.resources().host();
        // confined by its affinity to fewer CPUs than the machine has: a quota alone confines no CPU to it
        int confined = u.cpus() == null ? 0 : CpuList.parse(u.cpus()).size();
        if (host != null
                && u.cpusBusyPercent() != null
                && u.cpusBusyPercent() >= BUSY_PERCENT
                && confined > 0
                && confined < host.cores()) {
            return Optional.of(String.format(
                    Locale.ROOT,
                    "the %s the leader may use (CPU %s) %s %.0f%% busy at %s: the leader used %s of %s, other"
                            + " processes the rest",
                    Amounts.coresNoun(confined),
                    u.cpus(),
                    confined == 1 ? "was" : "were",
                    u.cpusBusyPercent(),
                    Plural.domains(at.domains()),
                    Amounts.cores(u.cpuCores()),
                    confined == 1 ? "it" : "them"));
        }
        return Optional.empty();
    }

    private static Optional<Finding> machine(StepResult at) {
        HostUsage h = at.resources() == null ? null : at.resources().host();
        if (h == null) {
            return Optional.empty();
        }
        long here = at.resources().servers().values().stream()
                .filter(s -> "proc".equals(s.source()))
                .count();
        if (here == 0 || !BusyHost.atLimit(h)) {
            return Optional.empty();
        }
        StringBuilder b = new StringBuilder(String.format(
                Locale.ROOT,
                "the runner and %s shared %s, %.0f%% busy",
                here == 1 ? "a server" : here + " servers",
                Amounts.coresNoun(h.cores()),
                h.busyPercent()));
        List<String> who = new ArrayList<>();
        if (h.runnerCores() != null) {
            who.add("the runner " + Amounts.cores(h.runnerCores()));
        }
        if (h.serversCores() != null) {
            who.add("the servers " + Amounts.cores(h.serversCores()));
        }
        if (h.otherCores() != null) {
            who.add("other processes " + Amounts.cores(h.otherCores()));
        }
        b.append(" (").append(String.join(", ", who)).append(")");
        if (h.stealPercent() >= 1) {
            b.append(String.format(Locale.ROOT, ", %.0f%% stolen by the host", h.stealPercent()));
        }
        return Optional.of(new Finding(Resource.THIS_MACHINE, null, b.toString()));
    }

    /**
     * The JVM held back by its GC: its pauses {@link #GC_SHARE} of the time, or one of {@link #GC_MAX_MS} — and, where
     * its collector's work was read ({@code gcWorkMs}), that work too: pauses far longer than the work in them waited
     * for a core, as on a machine too busy, and are the machine's, not the heap's.
     */
    static Optional<String> gc(ServerUsage u, double seconds) {
        if (u.gcPauseTotalMs() == null || seconds <= 0) {
            return Optional.empty();
        }
        double share = u.gcPauseTotalMs() / 1000.0 / seconds;
        // a remote server's endpoint gives GC totals, not each pause: its longest is then not judged
        boolean longPause = u.gcPauseMaxMs() != null && u.gcPauseMaxMs() >= GC_MAX_MS;
        if (share < GC_SHARE && !longPause) {
            return Optional.empty();
        }
        Double work = u.gcWorkMs() == null ? null : u.gcWorkMs() / 1000.0 / seconds;
        // a heap kept nearly full is short whatever the machine did: that is no waiting for a core
        boolean full = u.heapUsedPercent() != null && u.heapUsedPercent() >= HEAP_FULL_PERCENT;
        if (work != null && work < GC_SHARE && !(longPause && u.gcWorkMs() >= GC_MAX_MS) && !full) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                        Locale.ROOT,
                        "the leader's JVM stopped for its GC %.0f%% of the time (%d pauses",
                        100 * share,
                        u.gcPauses())
                + (u.gcPauseMaxMs() == null
                        ? ")"
                        : String.format(Locale.ROOT, ", the longest %.0f ms)", u.gcPauseMaxMs()))
                + (work == null ? "" : String.format(Locale.ROOT, ", its collector at work %.0f%% of it", 100 * work))
                + (full ? String.format(Locale.ROOT, ", its heap %.0f%% full", u.heapUsedPercent()) : ""));
    }

    /** A write's wait for the quorum is most of its time at the leader, far beyond the leader's own log. */
    private static Optional<Finding> quorum(StepResult at, String leader, double seconds) {
        LeaderStages st = at.stages();
        if (st == null || st.of(Stage.QUORUM_ACK) == null || st.of(Stage.WRITE_COMMIT) == null) {
            return Optional.empty();
        }
        double ack = st.of(Stage.QUORUM_ACK).meanMs();
        double own = st.of(Stage.SYNC) == null ? 0 : st.of(Stage.SYNC).meanMs();
        double total = st.pathMs(true);
        if (total <= 0 || ack < 0.5 * total || ack < 2 * own) {
            return Optional.empty();
        }
        List<String> slowLogs = new ArrayList<>();
        if (at.resources() != null) {
            at.resources().servers().forEach((s, u) -> {
                if (!s.equals(leader) && log(u, null, seconds, null, false).isPresent()) {
                    slowLogs.add(s);
                }
            });
        }
        return Optional.of(new Finding(
                Resource.QUORUM,
                null,
                String.format(
                        Locale.ROOT,
                        "waiting for the followers' acknowledgements took %.1f ms of a write's %.1f ms at the leader,"
                                + " its own log %.1f ms: %s",
                        ack,
                        total,
                        own,
                        slowLogs.isEmpty()
                                ? "the network or the followers"
                                : "the transaction log of " + String.join(", ", slowLogs) + " fsyncing back to back")));
    }

    private static List<String> unobserved(StepResult at) {
        List<String> u = new ArrayList<>();
        if (at.resources() == null) {
            u.add("the machine's and the servers' resources");
        } else {
            u.addAll(at.resources().unobserved());
        }
        if (at.stages() == null && at.resources() == null) {
            // with resources read, their unobserved list says why the stages were not
            u.add("the leader's request stages (the settled load's statistics were not read)");
        }
        if (at.delivered() == null || at.delivered().share() == null) {
            u.add("the domains' delivered work (no job fire came due and ended within the step)");
        }
        return u;
    }

    static Optional<String> leader(StepResult at) {
        if (at.stages() != null) {
            return Optional.of(at.stages().server());
        }
        if (at.resources() == null) {
            return Optional.empty();
        }
        return at.resources().servers().entrySet().stream()
                .filter(e -> "leader".equals(e.getValue().role())
                        || "standalone".equals(e.getValue().role()))
                .map(Map.Entry::getKey)
                .findFirst();
    }

    private static ServerUsage usage(StepResult s, String server) {
        return s.resources() == null ? null : s.resources().servers().get(server);
    }

    /** The settled load's length: the window the resources were read over, s. */
    static double seconds(StepResult s) {
        return s.phases() == null ? 0 : s.phases().settleSec() + s.phases().measureSec();
    }

    private static String role(ServerUsage u) {
        return u.role() == null ? "" : " (the " + u.role() + ")";
    }
}
