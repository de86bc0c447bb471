package dev.zkload.sim.perf;

import com.sun.management.OperatingSystemMXBean;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.SaturnModel;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Benchmark command (not a test): what simulated sessions cost the JVM that hosts them. For each
 * domain count given (default 100 300 700) against a fresh local server: sessions/s and domains/s
 * to register, threads, heap after GC and RSS per session, and client CPU per domain over a
 * steady-state minute. Run with a big enough heap and server heap, e.g.
 * {@code java -Xmx8g -cp ... dev.zkload.sim.perf.DensityBenchmark 100 300}.
 */
public final class DensityBenchmark {
    private DensityBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        String[] counts = args.length > 0 ? args : new String[] {"100", "300", "700"};
        System.out.println("| domains | sessions | register s | sessions/s | domains/s | threads | threads/session"
                + " | heap/session KiB | RSS/session KiB | client CPU %/domain |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (String c : counts) {
            run(Integer.parseInt(c));
        }
    }

    private static void run(int domains) throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("8g").build()) {
            zk.start();
            long heap0 = heapAfterGc();
            long rss0 = rss();
            int threads0 = ManagementFactory.getThreadMXBean().getThreadCount();
            try (DomainFleet fleet = DomainFleet.builder(zk.connectString()).root("/zkload/density")
                    .model(SaturnModel.saturn21()).build()) {
                fleet.start();
                long t0 = System.nanoTime();
                fleet.addDomains(domains);
                double seconds = (System.nanoTime() - t0) / 1e9;
                long sessions = fleet.snapshot().sessionsOpen();
                int threads = ManagementFactory.getThreadMXBean().getThreadCount() - threads0;
                OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
                long cpu0 = os.getProcessCpuTime();
                long w0 = System.nanoTime();
                Thread.sleep(60_000);
                double cpuPercent = 100.0 * (os.getProcessCpuTime() - cpu0) / (System.nanoTime() - w0);
                long heap = heapAfterGc() - heap0;
                long rss = rss() - rss0;
                System.out.printf(Locale.ROOT, "| %d | %d | %.1f | %.0f | %.1f | %d | %.2f | %.1f | %.1f | %.3f |%n", domains,
                        sessions, seconds, sessions / seconds, domains / seconds, threads, (double) threads / sessions,
                        heap / 1024.0 / sessions, rss / 1024.0 / sessions, cpuPercent / domains);
            }
        }
    }

    private static long heapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static long rss() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.substring(6).trim().split("\\s+")[0]) * 1024;
            }
        }
        return -1;
    }
}
