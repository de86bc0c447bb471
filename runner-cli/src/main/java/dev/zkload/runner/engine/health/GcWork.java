package dev.zkload.runner.engine.health;

import dev.zkload.bench.machine.CollectorWork;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The CPU this JVM's stop-the-world collector threads used, read from {@code /proc/self/task}: what a GC log's
 * {@code User} and {@code Sys} times give of a pause. A pause's wall time alone cannot tell a collection that
 * worked for two seconds from one that waited two seconds for a core on a machine others kept busy (a descheduled
 * JVM stretches the pause it is in); its collector's own CPU can.
 *
 * <p>The threads are the stop-the-world collector's ({@link CollectorWork}); their names are read once per thread id,
 * their CPU at each call: the runner has a thread per simulated session, too many to read them all at every
 * collection.
 */
final class GcWork {
    private static final Path TASKS = Path.of("/proc/self/task");
    /** Each thread's name where it is a collector's, else empty, by thread id: read once per thread. */
    private final Map<String, String> names = new HashMap<>();

    private Map<String, Long> last;

    /** Starts the count now. */
    GcWork() {
        var unused = sinceLastCall();
    }

    /**
     * How long the collection since the previous call worked, ms: its threads' CPU over the threads that ran, the
     * length the pause would have had with a core for each; empty where {@code /proc} cannot be read.
     */
    synchronized OptionalDouble sinceLastCall() {
        Map<String, Long> now = ticks();
        Map<String, Long> before = last;
        last = now;
        if (now == null || before == null) {
            return OptionalDouble.empty();
        }
        CollectorWork work = new CollectorWork();
        now.forEach((tid, t) -> work.add(names.get(tid), t - before.getOrDefault(tid, 0L)));
        return OptionalDouble.of(1000 * work.seconds());
    }

    /** Each collector thread's user and system ticks, by thread id; null where they cannot be read. */
    private Map<String, Long> ticks() {
        Map<String, Long> ticks = new HashMap<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                String tid = task.getFileName().toString();
                seen.add(tid);
                try {
                    if (!names.computeIfAbsent(tid, t -> collectorName(task)).isEmpty()) {
                        ticks.put(tid, ticks(Files.readString(task.resolve("stat"))));
                    }
                } catch (IOException | RuntimeException e) {
                    // the thread ended between the listing and the read
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        // the runner's sessions come and go with their threads: names of ended threads are forgotten
        names.keySet().retainAll(seen);
        return ticks;
    }

    /** The thread's name when it is a collector's; empty otherwise. */
    private static String collectorName(Path task) {
        try {
            String name = Files.readString(task.resolve("comm")).trim();
            return CollectorWork.isCollector(name) ? name : "";
        } catch (IOException e) {
            return "";
        }
    }

    /** utime plus stime of a stat line; the name in parentheses may hold spaces, so fields count from its end. */
    private static long ticks(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+", -1);
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }
}
