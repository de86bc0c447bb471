package dev.zkload.bench.ensemble;

/**
 * CPU and memory of one server process, read from {@code /proc}.
 *
 * @param pid        the process id
 * @param cpuPercent CPU used since the previous reading, 100 = one core fully; NaN when unknown
 * @param rssBytes   resident set size in bytes; -1 when unknown (not Linux, or the process ended)
 */
public record ProcessStats(long pid, double cpuPercent, long rssBytes) {
}
