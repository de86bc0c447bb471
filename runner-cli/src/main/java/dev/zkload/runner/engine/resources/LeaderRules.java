package dev.zkload.runner.engine.resources;

import dev.zkload.bench.machine.CpuList;
import dev.zkload.runner.result.HostUsage;
import dev.zkload.runner.result.ServerUsage;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.text.Amounts;
import dev.zkload.runner.text.Plural;
import java.util.Locale;
import java.util.Optional;

/**
 * The rules of the leader's own process: its CPU (the cores it may use, one thread's core, or cores it is confined
 * to that others keep busy) and its JVM's garbage collection (docs/verdict.md, "Why it saturated").
 */
final class LeaderRules {
    /** One thread using this much of a core is at its limit: a thread runs on one core at a time. */
    static final double THREAD_CORES = 0.9;
    /** A process using this share of the cores it may use is at its limit. */
    static final double PROCESS_SHARE = 0.9;
    /** A JVM paused for its GC this share of the time, or once this long, is held back by it. */
    static final double GC_SHARE = 0.1;

    static final double GC_MAX_MS = 1000;
    /** A heap this full of its largest size at a window's end is kept nearly full: short, %. */
    static final double HEAP_FULL_PERCENT = 90;

    private LeaderRules() {}

    static Optional<String> cpu(StepResult at, ServerUsage u, ServerUsage before, StepResult stable) {
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
                && u.cpusBusyPercent() >= LimitingResource.BUSY_PERCENT
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
}
