package dev.zkload.runner.result;

import java.util.List;
import java.util.Map;

/**
 * How the load generator (this runner process) fared over one window of a run, and whether it was
 * the bottleneck: a step the generator could not drive is never counted as the ensemble's.
 *
 * @param seconds           length of the window
 * @param shareCores        cores the runner may use (available processors, or its cgroup quota)
 * @param cpuPercentOfShare the runner's CPU (user + system) over the window, percent of {@code shareCores}
 * @param gcPauseMaxMs      the longest stop-the-world GC pause of the runner, ms
 * @param fireLag           how late the simulated job fires began against their cron instants
 * @param samplerLag        how late the 1 Hz server sampler's rounds began
 * @param serversCpuPercent each embedded server's CPU over the window, percent of one core, by host:port
 *                          (empty when the servers are remote): beside the runner's, who had the cores
 * @param bound             the generator was the bottleneck ({@code reasons} says why)
 * @param reasons           one phrase per limit passed; empty when not bound
 * @param gcPauseWorkMs     the longest any of its GC pauses worked, ms: its collector threads' CPU over the threads
 *                          that ran (a pause longer than its work waited for a core); null where not read
 * @param lateOnly          every limit passed was lateness on the runner's clock — its fires or its sampler's rounds
 *                          late, or a GC pause that waited for a core longer than it worked (or whose work was not
 *                          read) —, which a machine too busy to run the runner causes as well as the runner itself;
 *                          false when its CPU or its collector's work passed a limit, or when nothing did
 */
public record GeneratorHealth(
        double seconds,
        double shareCores,
        double cpuPercentOfShare,
        long gcPauseMaxMs,
        Lag fireLag,
        Lag samplerLag,
        Map<String, Double> serversCpuPercent,
        boolean bound,
        List<String> reasons,
        Double gcPauseWorkMs,
        boolean lateOnly) {

    public GeneratorHealth {
        serversCpuPercent = serversCpuPercent == null
                ? Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(serversCpuPercent));
        reasons = reasons == null ? List.of() : List.copyOf(reasons);
        fireLag = fireLag == null ? Lag.NONE : fireLag;
        samplerLag = samplerLag == null ? Lag.NONE : samplerLag;
    }

    /**
     * Lateness of scheduled work over the window.
     *
     * @param count how many were scheduled in the window (0: nothing to judge; the percentiles are null)
     */
    public record Lag(long count, Double p50Ms, Double p99Ms, Double maxMs) {
        public static final Lag NONE = new Lag(0, null, null, null);
    }
}
