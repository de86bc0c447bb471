package dev.zkload.bench.machine;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A process's CPU counters at one instant, from {@code /proc}: its total, each of its threads' (by thread id,
 * with the thread's name as the kernel keeps it, the first 15 characters of a Java thread's name), and the
 * CPUs its affinity allows. Two readings of the same process give its use in between ({@link #usageSince}).
 *
 * @param pid         the process
 * @param startTicks  when it started, clock ticks after boot: a pid reused by another process is told apart
 * @param ticks       user plus system time of the whole process, clock ticks
 * @param threads     each thread's user plus system ticks and name, by thread id
 * @param allowedCpus the CPU numbers its affinity allows
 */
public record ProcessCpu(
        long pid, long startTicks, long ticks, Map<Long, ThreadTicks> threads, Set<Integer> allowedCpus) {
    /**
     * Clock ticks per second of {@code /proc}'s times. Linux fixes USER_HZ at 100 for every architecture a
     * JVM runs on here (the kernel's own tick rate is another matter), so it is not asked of {@code sysconf}.
     */
    static final int TICKS_PER_SECOND = 100;

    public ProcessCpu {
        threads = Map.copyOf(threads);
        allowedCpus = Set.copyOf(allowedCpus);
    }

    /** One thread's counters. */
    public record ThreadTicks(String name, long ticks) {}

    /** Process {@code pid} now; empty when it is gone or {@code /proc} cannot be read. */
    public static Optional<ProcessCpu> read(long pid) {
        Path proc = Path.of("/proc", Long.toString(pid));
        try {
            Stat stat = Stat.parse(Files.readString(proc.resolve("stat")));
            Map<Long, ThreadTicks> threads = new HashMap<>();
            try (DirectoryStream<Path> tasks = Files.newDirectoryStream(proc.resolve("task"))) {
                for (Path task : tasks) {
                    try {
                        Stat t = Stat.parse(Files.readString(task.resolve("stat")));
                        threads.put(Long.parseLong(task.getFileName().toString()), new ThreadTicks(t.name, t.ticks));
                    } catch (IOException e) {
                        // the thread ended between the listing and the read
                    }
                }
            }
            return Optional.of(new ProcessCpu(pid, stat.start, stat.ticks, threads, allowedCpus(proc)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Set<Integer> allowedCpus(Path proc) throws IOException {
        for (String line : Files.readAllLines(proc.resolve("status"))) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return CpuList.parse(line.substring("Cpus_allowed_list:".length()));
            }
        }
        return Set.of();
    }

    /** What the process used from {@code earlier} to this reading, {@code seconds} apart; empty if not the same process. */
    public Optional<ProcessUsage> usageSince(ProcessCpu earlier, double seconds) {
        if (earlier.pid != pid || earlier.startTicks != startTicks || seconds <= 0) {
            return Optional.empty();
        }
        double perTick = 1.0 / TICKS_PER_SECOND / seconds;
        String hottest = null;
        double hottestCores = 0;
        CollectorWork collector = new CollectorWork();
        for (Map.Entry<Long, ThreadTicks> t : threads.entrySet()) {
            ThreadTicks before = earlier.threads.get(t.getKey());
            long used = t.getValue().ticks - (before == null ? 0 : before.ticks);
            double cores = used * perTick;
            if (cores > hottestCores) {
                hottestCores = cores;
                hottest = t.getValue().name;
            }
            collector.add(t.getValue().name, used);
        }
        return Optional.of(new ProcessUsage(
                (ticks - earlier.ticks) * perTick,
                CpuShare.cores(pid, allowedCpus.size()),
                allowedCpus,
                hottest,
                hottestCores,
                collector.seconds()));
    }

    /** The fields of a stat file this needs; the name may hold spaces and parentheses, so it ends at the last ')'. */
    record Stat(String name, long ticks, long start) {
        static Stat parse(String stat) {
            int open = stat.indexOf('(');
            int close = stat.lastIndexOf(')');
            String[] f = stat.substring(close + 2).trim().split("\\s+", -1);
            // after the name: field 3 (state) is f[0], so utime (14) is f[11], stime (15) f[12], starttime (22) f[19]
            return new Stat(
                    stat.substring(open + 1, close),
                    Long.parseLong(f[11]) + Long.parseLong(f[12]),
                    Long.parseLong(f[19]));
        }
    }
}
