package dev.zkload.perf.sim;

import dev.zkload.bench.client.Connections;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.Operation;
import dev.zkload.sim.SaturnModel;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.zookeeper.ZooKeeper;

/**
 * Benchmark command (not a test): what simulated sessions cost the JVM that hosts them. For each
 * domain count given (default 100 300 700) against a fresh local server: sessions/s and domains/s
 * to register, threads, heap after GC and RSS per session, and the process CPU per request over a
 * steady-state minute; then, on the same server, the baselines: the seconds a bare multi-create loop
 * needs for the same number of znodes ({@link BareMultiCreate}), the seconds a few bare sessions need
 * to issue the same requests the fleet issued while adding ({@link BareReplay}), and the CPU per
 * request of the same bare sessions replaying the requests of the fleet's steady minute, and of as
 * many bare sessions as the fleet held sending them at the fleet's pace ({@link PacedReplay}). A count
 * written {@code 700:paused} holds the domains with job runs paused (registration, sessions and
 * watches only); {@code 100x3} repeats the count three times, each on a fresh server, and adds the
 * median of the rounds. Run with a big enough heap, e.g. {@code bench/density.sh 100x3 700:paused}.
 */
// DomainFleet.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
public final class DensityBenchmark {
    private static final Duration STEADY = Duration.ofSeconds(60);

    private DensityBenchmark() {}

    public static void main(String[] args) throws Exception {
        String[] counts = args.length > 0 ? args : new String[] {"100", "300", "700", "700:paused"};
        List<String> density = new ArrayList<>();
        List<String> cpu = new ArrayList<>();
        for (String c : counts) {
            int rounds = c.contains("x") ? Integer.parseInt(c.substring(c.indexOf('x') + 1)) : 1;
            String spec = c.contains("x") ? c.substring(0, c.indexOf('x')) : c;
            boolean paused = spec.endsWith(":paused");
            int domains = Integer.parseInt(paused ? spec.substring(0, spec.indexOf(':')) : spec);
            List<Double> ratios = new ArrayList<>();
            List<Double> pacedRatios = new ArrayList<>();
            for (int round = 1; round <= rounds; round++) {
                Round r = run(domains, !paused);
                density.add(r.densityRow());
                if (!paused) {
                    cpu.add(r.cpuRow(round));
                    ratios.add(r.cpuRatio());
                    pacedRatios.add(r.pacedRatio());
                }
                System.out.println("<!-- " + domains + " domains, round " + round + " of " + rounds + ": "
                        + r.densityRow() + (paused ? "" : " " + r.cpuRow(round)) + " -->");
            }
            if (rounds > 1 && !ratios.isEmpty()) {
                cpu.add(String.format(
                        Locale.ROOT,
                        "| %d | median of %d | | | | | | | | | **%.2f** | | | | | **%.2f** |",
                        domains,
                        rounds,
                        median(ratios),
                        median(pacedRatios)));
            }
        }
        System.out.println("| domains | runs | sessions | add s | sessions/s | domains/s | threads | threads/session"
                + " | heap/session KiB | RSS/session KiB | requests | requests/s"
                + " | bare multi-create s | add / multi-create | bare replay s | add / replay |");
        System.out.println("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        density.forEach(System.out::println);
        if (!cpu.isEmpty()) {
            System.out.println();
            System.out.println("| domains | round | fleet requests (steady minute) | fleet µs/request user | system"
                    + " | total | bare replay requests | bare µs/request user | system | total | fleet / bare"
                    + " | paced replay s | paced µs/request user | system | total | fleet / paced |");
            System.out.println("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            cpu.forEach(System.out::println);
        }
    }

    /** One count on a fresh server: the fleet added and held, then the baselines. */
    private static Round run(int domains, boolean jobRuns) throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("8g").build()) {
            zk.start();
            Round r = new Round(domains, jobRuns);
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
                r.addSeconds = (System.nanoTime() - t0) / 1e9;
                Map<Operation, Long> added = fleet.snapshot().operations();
                r.addRequests = minus(added, ops0);
                r.sessions = fleet.snapshot().sessionsOpen();
                r.threads = ManagementFactory.getThreadMXBean().getThreadCount() - threads0;
                // the add's garbage is the add's: the steady minute starts from a collected heap
                heapAfterGc();
                Map<Operation, Long> steady0 = fleet.snapshot().operations();
                ProcessCpu cpu0 = ProcessCpu.now();
                Thread.sleep(STEADY.toMillis());
                r.steadyCpu = ProcessCpu.now().since(cpu0);
                r.steadyRequests = minus(fleet.snapshot().operations(), steady0);
                r.heapPerSession = (heapAfterGc() - heap0) / 1024.0 / r.sessions;
                r.rssPerSession = (rss() - rss0) / 1024.0 / r.sessions;
            }
            baselines(zk.connectString(), r);
            return r;
        }
    }

    /** On the same server, the fleet's tree gone: the bare multi-create, and the bare replays. */
    private static void baselines(String connectString, Round r) throws Exception {
        long znodes = Math.round(SaturnModel.saturn21().expectedFootprint().znodes() * r.domains);
        // the znodes the creates left (probes deleted) came one by one; the rest came in the trees' multis
        long multiZnodes =
                Math.max(0, znodes - r.addRequests.get(Operation.CREATE) + r.addRequests.get(Operation.DELETE));
        ZooKeeper client = Connections.open(connectString, Duration.ofSeconds(30), Duration.ofSeconds(30), e -> {});
        try {
            r.bareSeconds = BareMultiCreate.seconds(client, "/zkload/bare", znodes);
            r.addReplay = BareReplay.replay(client, connectString, "/zkload/replay", r.addRequests, multiZnodes);
            if (r.jobRuns) {
                // the fleet's garbage is not the replay's to collect
                heapAfterGc();
                r.steadyReplay = BareReplay.replay(client, connectString, "/zkload/steady", r.steadyRequests, 0);
                heapAfterGc();
                r.steadyPaced = PacedReplay.replay(
                        client, connectString, "/zkload/paced", r.steadyRequests, (int) r.sessions, STEADY);
            }
        } finally {
            client.close();
        }
    }

    private static Map<Operation, Long> minus(Map<Operation, Long> now, Map<Operation, Long> before) {
        Map<Operation, Long> d = new TreeMap<>(now);
        d.replaceAll((kind, n) -> n - before.getOrDefault(kind, 0L));
        return d;
    }

    private static long total(Map<Operation, Long> requests) {
        return requests.values().stream().mapToLong(Long::longValue).sum();
    }

    private static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
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

    /** What one round measured. */
    private static final class Round {
        final int domains;
        final boolean jobRuns;
        double addSeconds;
        Map<Operation, Long> addRequests;
        long sessions;
        int threads;
        ProcessCpu steadyCpu;
        Map<Operation, Long> steadyRequests;
        double heapPerSession;
        double rssPerSession;
        double bareSeconds;
        BareReplay.Replayed addReplay;
        BareReplay.Replayed steadyReplay;
        BareReplay.Replayed steadyPaced;

        Round(int domains, boolean jobRuns) {
            this.domains = domains;
            this.jobRuns = jobRuns;
        }

        String densityRow() {
            long requests = total(addRequests);
            return String.format(
                    Locale.ROOT,
                    "| %d | %s | %d | %.1f | %.0f | %.1f | %d | %.2f | %.1f | %.1f | %d | %.0f | %.1f | %.2f | %.1f | %.2f |",
                    domains,
                    jobRuns ? "on" : "paused",
                    sessions,
                    addSeconds,
                    sessions / addSeconds,
                    domains / addSeconds,
                    threads,
                    (double) threads / sessions,
                    heapPerSession,
                    rssPerSession,
                    requests,
                    requests / addSeconds,
                    bareSeconds,
                    addSeconds / bareSeconds,
                    addReplay.seconds(),
                    addSeconds / addReplay.seconds());
        }

        double fleetNanosPerRequest() {
            return steadyCpu.totalNanos() / (double) total(steadyRequests);
        }

        /** Fleet over the pipelined replay: the simulator and its many sessions together. */
        double cpuRatio() {
            return fleetNanosPerRequest() / perRequest(steadyReplay);
        }

        /** Fleet over the paced replay on as many sessions: the simulator's own work. */
        double pacedRatio() {
            return fleetNanosPerRequest() / perRequest(steadyPaced);
        }

        private static double perRequest(BareReplay.Replayed replay) {
            return replay.cpu().totalNanos() / (double) replay.requests();
        }

        String cpuRow(int round) {
            long requests = total(steadyRequests);
            return String.format(
                    Locale.ROOT,
                    "| %d | %d | %d | %s | %d | %s | %.2f | %.1f | %s | %.2f |",
                    domains,
                    round,
                    requests,
                    steadyCpu.perRequest(requests),
                    steadyReplay.requests(),
                    steadyReplay.cpu().perRequest(steadyReplay.requests()),
                    cpuRatio(),
                    steadyPaced.seconds(),
                    steadyPaced.cpu().perRequest(steadyPaced.requests()),
                    pacedRatio());
        }
    }
}
