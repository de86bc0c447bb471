package dev.zkload.bench.ensemble;

import java.time.Duration;

/**
 * CPU and memory of one server process, read from {@code /proc}. The CPU is the process's total,
 * so a caller takes two readings and divides the difference by the wall time between them: a
 * "percent since the last call" would silently depend on who else asked in between.
 *
 * @param pid      the process id; -1 when the server is not running
 * @param cpuTime  CPU time (user + system) the process has used since it started; null when unknown
 * @param rssBytes resident set size in bytes; -1 when unknown (not Linux, or the process ended)
 * @param writeBytes bytes the process has written to storage since it started ({@code write_bytes} of
 *                   {@code /proc/<pid>/io}); -1 when unknown
 */
public record ProcessStats(long pid, Duration cpuTime, long rssBytes, long writeBytes) {
    static final ProcessStats NOT_RUNNING = new ProcessStats(-1, null, -1, -1);

    /** CPU used between {@code earlier} and this reading, in percent of one core over {@code wall}; NaN when unknown. */
    public double cpuPercentSince(ProcessStats earlier, Duration wall) {
        if (earlier == null
                || earlier.pid != pid
                || cpuTime == null
                || earlier.cpuTime == null
                || wall.isZero()
                || wall.isNegative()) {
            return Double.NaN;
        }
        return 100.0 * cpuTime.minus(earlier.cpuTime).toNanos() / wall.toNanos();
    }
}
