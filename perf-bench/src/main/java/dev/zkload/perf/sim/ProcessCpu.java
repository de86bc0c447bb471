package dev.zkload.perf.sim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This process's CPU time so far, user and system apart, from {@code /proc/self/stat} (Linux; in
 * clock ticks of 10 ms, the x86 ABI's fixed USER_HZ): system time is where a client's thread
 * wake-ups and socket calls show, user time where its Java code does.
 */
record ProcessCpu(long userNanos, long systemNanos) {
    private static final long NANOS_PER_TICK = 10_000_000L;

    static ProcessCpu now() throws IOException {
        String stat = Files.readString(Path.of("/proc/self/stat"));
        // the command name may hold spaces: the fields that follow it start after its closing parenthesis
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ", -1);
        return new ProcessCpu(Long.parseLong(f[11]) * NANOS_PER_TICK, Long.parseLong(f[12]) * NANOS_PER_TICK);
    }

    ProcessCpu since(ProcessCpu earlier) {
        return new ProcessCpu(userNanos - earlier.userNanos, systemNanos - earlier.systemNanos);
    }

    long totalNanos() {
        return userNanos + systemNanos;
    }

    /** µs of user, system and both per request, for {@code requests} requests. */
    String perRequest(long requests) {
        return String.format(
                java.util.Locale.ROOT,
                "%.1f | %.1f | %.1f",
                userNanos / 1e3 / requests,
                systemNanos / 1e3 / requests,
                totalNanos() / 1e3 / requests);
    }
}
