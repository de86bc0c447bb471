package dev.zkload.sim.perf;

import com.sun.management.OperatingSystemMXBean;
import dev.zkload.bench.client.Connections;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.Operation;
import dev.zkload.sim.SaturnModel;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.zookeeper.ZooKeeper;

/**
 * Benchmark command (not a test): what simulated sessions cost the JVM that hosts them. For each
 * domain count given (default 100 300 700) against a fresh local server: sessions/s and domains/s
 * to register, threads, heap after GC and RSS per session, and client CPU per domain over a
 * steady-state minute; then, on the same server, two baselines: the seconds a bare multi-create loop
 * needs for the same number of znodes ({@link BareMultiCreate}), and the seconds a few bare
 * sessions need to issue the same requests the fleet issued while adding ({@link BareReplay}).
 * A count written {@code 700:paused} holds the domains with job runs paused (registration, sessions
 * and watches only). Run with a big enough heap, e.g. {@code bench/density.sh 100 300 700 700:paused}.
 */
// DomainFleet.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
public final class DensityBenchmark {
    private DensityBenchmark() {}

    public static void main(String[] args) throws Exception {
        String[] counts = args.length > 0 ? args : new String[] {"100", "300", "700", "700:paused"};
        System.out.println("| domains | runs | sessions | add s | sessions/s | domains/s | threads | threads/session"
                + " | heap/session KiB | RSS/session KiB | client CPU %/domain | requests | requests/s"
                + " | bare multi-create s | add / multi-create | bare replay s | add / replay |");
        System.out.println("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (String c : counts) {
            boolean paused = c.endsWith(":paused");
            run(Integer.parseInt(paused ? c.substring(0, c.indexOf(':')) : c), !paused);
        }
    }

    private static void run(int domains, boolean jobRuns) throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("8g").build()) {
            zk.start();
            String row;
            double registerSeconds;
            Map<Operation, Long> requests;
            long heap0 = heapAfterGc();
            long rss0 = rss();
            int threads0 = ManagementFactory.getThreadMXBean().getThreadCount();
            try (DomainFleet fleet = DomainFleet.builder(zk.connectString())
                    .root("/zkload/density")
                    .model(SaturnModel.saturn21())
                    .jobRuns(jobRuns)
                    .build()) {
                fleet.start();
                Map<Operation, Long> ops0 = fleet.snapshot().operations();
                long t0 = System.nanoTime();
                fleet.addDomains(domains);
                double seconds = (System.nanoTime() - t0) / 1e9;
                requests = new TreeMap<>(fleet.snapshot().operations());
                requests.replaceAll((kind, n) -> n - ops0.getOrDefault(kind, 0L));
                long sessions = fleet.snapshot().sessionsOpen();
                int threads = ManagementFactory.getThreadMXBean().getThreadCount() - threads0;
                OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
                long cpu0 = os.getProcessCpuTime();
                long w0 = System.nanoTime();
                Thread.sleep(60_000);
                double cpuPercent = 100.0 * (os.getProcessCpuTime() - cpu0) / (System.nanoTime() - w0);
                long heap = heapAfterGc() - heap0;
                long rss = rss() - rss0;
                row = String.format(
                        Locale.ROOT,
                        "| %d | %s | %d | %.1f | %.0f | %.1f | %d | %.2f | %.1f | %.1f | %.3f |",
                        domains,
                        jobRuns ? "on" : "paused",
                        sessions,
                        seconds,
                        sessions / seconds,
                        domains / seconds,
                        threads,
                        (double) threads / sessions,
                        heap / 1024.0 / sessions,
                        rss / 1024.0 / sessions,
                        cpuPercent / domains);
                registerSeconds = seconds;
            }
            // the fleet has removed its tree: the same server now writes as many znodes as bare as it can
            long znodes = Math.round(SaturnModel.saturn21().expectedFootprint().znodes() * domains);
            // the znodes the creates left (probes deleted) came one by one; the rest came in the trees' multis
            long multiZnodes = Math.max(0, znodes - requests.get(Operation.CREATE) + requests.get(Operation.DELETE));
            long total = requests.values().stream().mapToLong(Long::longValue).sum();
            double bare;
            double replay;
            ZooKeeper client =
                    Connections.open(zk.connectString(), Duration.ofSeconds(30), Duration.ofSeconds(30), e -> {});
            try {
                bare = BareMultiCreate.seconds(client, "/zkload/bare", znodes);
                replay = BareReplay.seconds(client, zk.connectString(), "/zkload/replay", requests, multiZnodes);
            } finally {
                client.close();
            }
            System.out.printf(
                    Locale.ROOT,
                    "%s %d | %.0f | %.1f | %.2f | %.1f | %.2f |%n",
                    row,
                    total,
                    total / registerSeconds,
                    bare,
                    registerSeconds / bare,
                    replay,
                    registerSeconds / replay);
            System.out.println("<!-- requests while adding " + domains + " domains: " + requests + " -->");
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
                return Long.parseLong(line.substring(6).trim().split("\\s+", -1)[0]) * 1024;
            }
        }
        return -1;
    }
}
