package dev.zkload.runner.engine.resources;

import dev.zkload.bench.machine.CpuList;
import dev.zkload.runner.result.DiskUsage;
import dev.zkload.runner.result.HostUsage;
import dev.zkload.runner.result.ServerUsage;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.text.Amounts;
import dev.zkload.runner.text.Plural;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the answer's stable step was measured under: a condition the verdict would name at a saturated step — the
 * leader's CPU at its limit (or confined to cores other processes keep busy), its GC taking a tenth of the time, its
 * log far slower than on the empty ensemble, other processes writing to its log's disk — seen where the ensemble
 * still carried the load. The count is true as measured, but its headroom is not an unhindered leader's, so the
 * verdict says so instead of leaving it to a table.
 */
public final class Headroom {
    /** A log whose fsyncs take this many times the empty ensemble's, and at least {@link #SLOW_FSYNC_MS}, is slowed. */
    static final double SLOWER_THAN_BASE = 10;

    static final double SLOW_FSYNC_MS = 1;

    private Headroom() {}

    /**
     * The qualifications of {@code stable}'s count, one sentence each; empty when nothing held it back.
     *
     * @param stable the stable step the verdict answers with
     * @param base   the baseline, the empty ensemble (null when not recorded)
     */
    public static List<String> of(StepResult stable, StepResult base) {
        List<String> q = new ArrayList<>();
        Optional<String> leader = LimitingResource.leader(stable);
        ServerUsage u = leader.map(l -> usage(stable, l)).orElse(null);
        if (u == null) {
            return q;
        }
        String at = "Stable at " + Plural.domains(stable.domains()) + ", but ";
        cpu(stable, u).ifPresent(c -> q.add(at + c));
        // on a machine too busy, a JVM's pauses and fsyncs stretch while it waits for a core: not its heap or disk
        boolean busy = BusyHost.settled(stable).isPresent();
        Optional<String> gc = busy ? Optional.empty() : LeaderRules.gc(u, LimitingResource.seconds(stable));
        gc.ifPresent(e -> q.add(at + e + ": its heap is short, and the headroom with it."));
        ServerUsage b = base == null ? null : usage(base, leader.get());
        String others = DiskRules.othersOnTheDisk(stable, leader.get());
        // a JVM stopped for its GC a tenth of the time stretches every fsync it times: the heap, not the log
        if (!busy
                && gc.isEmpty()
                && u.fsync() != null
                && b != null
                && b.fsync() != null
                && b.fsync().meanMs() > 0
                && u.fsync().meanMs() >= SLOW_FSYNC_MS
                && u.fsync().meanMs() >= SLOWER_THAN_BASE * b.fsync().meanMs()) {
            q.add(String.format(
                    Locale.ROOT,
                    "%sthe leader's fsyncs averaged %.1f ms, %s the empty ensemble's %.2f ms%s: the headroom is a slowed"
                            + " log's.",
                    at,
                    u.fsync().meanMs(),
                    Amounts.times(u.fsync().meanMs() / b.fsync().meanMs()),
                    b.fsync().meanMs(),
                    others));
        } else if (DiskRules.othersContended(stable, leader.get())) {
            Map.Entry<String, DiskUsage> d =
                    DiskRules.logDisk(stable, leader.get()).orElseThrow();
            q.add(String.format(
                    Locale.ROOT,
                    "%sother processes wrote %.1f MB/s to the disk under the leader's log (%s, %.0f%% busy): the"
                            + " headroom is measured beside them.",
                    at,
                    d.getValue().othersBytesPerSec() / 1e6,
                    d.getKey(),
                    d.getValue().busyPercent()));
        }
        return q;
    }

    /** The leader's CPU at its limit at a stable step, in words; empty when it was not. */
    private static Optional<String> cpu(StepResult s, ServerUsage u) {
        if (u.cpuCores() == null) {
            return Optional.empty();
        }
        HostUsage host = s.resources().host();
        int confined = u.cpus() == null ? 0 : CpuList.parse(u.cpus()).size();
        if (host != null
                && confined > 0
                && confined < host.cores()
                && u.cpusBusyPercent() != null
                && u.cpusBusyPercent() >= LimitingResource.BUSY_PERCENT) {
            return Optional.of(String.format(
                    Locale.ROOT,
                    "the leader was confined to %s (CPU %s) that %s %.0f%% busy, other processes taking what it did"
                            + " not use (it used %s): the headroom measured is not an unconfined leader's.",
                    Amounts.coresNoun(confined),
                    u.cpus(),
                    confined == 1 ? "was" : "were",
                    u.cpusBusyPercent(),
                    Amounts.cores(u.cpuCores())));
        }
        boolean process = u.mayUseCores() != null && u.cpuCores() >= LeaderRules.PROCESS_SHARE * u.mayUseCores();
        boolean thread = u.hottestThreadCores() != null && u.hottestThreadCores() >= LeaderRules.THREAD_CORES;
        if (process || thread) {
            return Optional.of(
                    process
                            ? String.format(
                                    Locale.ROOT,
                                    "the leader used %s of the %s it may use: little headroom is left above this count.",
                                    Amounts.cores(u.cpuCores()),
                                    Amounts.coresNoun(u.mayUseCores()))
                            : String.format(
                                    Locale.ROOT,
                                    "the leader's thread %s used %s of one core, all a thread can use: little headroom"
                                            + " is left above this count.",
                                    u.hottestThread(),
                                    Amounts.cores(u.hottestThreadCores())));
        }
        return Optional.empty();
    }

    private static ServerUsage usage(StepResult s, String server) {
        return s.resources() == null ? null : s.resources().servers().get(server);
    }
}
