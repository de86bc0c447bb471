package dev.zkload.runner.result;

import java.util.Map;

/**
 * One server's resources over a window: its process (where it runs on this machine) and its own counters.
 * A null figure was not observed.
 *
 * @param role               its role at the end of the window ({@code leader}, {@code follower}, {@code observer},
 *                           {@code standalone})
 * @param cpuCores           cores its process kept busy
 * @param mayUseCores        cores it may use: its CPU affinity, lowered to its cgroup quota
 * @param cpus               the CPUs its affinity allows, as {@code taskset} writes them ({@code 0-1})
 * @param cpusBusyPercent    how busy those CPUs were, whoever ran on them: a server whose cores others took
 * @param hottestThread      its busiest thread's name (the kernel keeps 15 characters: {@code SyncThread:1},
 *                           {@code CommitProcessor})
 * @param hottestThreadCores that thread's cores: a thread uses at most one
 * @param gcPauses           stop-the-world GC pauses of its JVM
 * @param gcPauseMaxMs       the longest, ms
 * @param gcPauseTotalMs     all of them together, ms
 * @param fsync              its transaction log's fsyncs over the window
 * @param bytesInPerSec      request bytes it received, per second ({@code bytes_received_count}, 3.6+)
 * @param bytesOutPerSec     response and watch-event bytes it sent, per second ({@code response_bytes} and
 *                           {@code watch_bytes}, 3.9+)
 * @param throttled          the throttle counters that rose in the window, by name, e.g.
 *                           {@code throttled_ops}: a server shedding or holding back requests
 * @param source             where the process figures came from: {@code proc} (this machine), or null
 * @param gcWorkMs           how long its stop-the-world collector worked over the window, ms: its collector threads'
 *                           CPU over the threads that ran, from {@code /proc} (a JVM on this machine only). Pauses far
 *                           longer than this waited for a core, as on a machine too busy; null where not read
 * @param heapUsedPercent    how full its JVM's heap (the old generation, for a generational collector that keeps one
 *                           apart) was at the window's end, % of its largest size, from its HotSpot counters: a heap
 *                           kept nearly full is short whatever the machine did; null where not read
 */
public record ServerUsage(
        String role,
        Double cpuCores,
        Double mayUseCores,
        String cpus,
        Double cpusBusyPercent,
        String hottestThread,
        Double hottestThreadCores,
        Long gcPauses,
        Double gcPauseMaxMs,
        Double gcPauseTotalMs,
        Fsync fsync,
        Double bytesInPerSec,
        Double bytesOutPerSec,
        Map<String, Long> throttled,
        String source,
        Double gcWorkMs,
        Double heapUsedPercent) {

    public ServerUsage {
        throttled = throttled == null
                ? Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(throttled));
    }

    /**
     * The fsyncs of a server's transaction log over a window, from its {@code fsynctime} summary's totals.
     *
     * @param count           fsyncs
     * @param meanMs          their mean length, ms
     * @param worstSecondMs   the highest mean of any one second of the window (the sampler reads the totals once a
     *                        second; the server's own maximum covers its whole life, not the window)
     */
    public record Fsync(long count, double meanMs, double worstSecondMs) {}
}
