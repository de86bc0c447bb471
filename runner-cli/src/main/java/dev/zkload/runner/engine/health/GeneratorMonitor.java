package dev.zkload.runner.engine.health;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.ensemble.ProcessStats;
import dev.zkload.bench.machine.CpuShare;
import dev.zkload.runner.result.GeneratorHealth;
import dev.zkload.runner.text.Amounts;
import dev.zkload.runner.text.Durations;
import dev.zkload.zk.connect.ServerAddress;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongConsumer;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Measures the runner itself, window by window: its process CPU against the cores it may use, its
 * longest GC pause, how late the simulated job fires and the server sampler ran, and (for an
 * embedded ensemble) each server's CPU beside it. {@link #end()} judges the window against the
 * {@link HealthLimits}.
 *
 * <pre>{@code
 * try (GeneratorMonitor monitor = new GeneratorMonitor(HealthLimits.DEFAULT, ensemble)) {
 *     fleetBuilder.fireLagListener(monitor.fireLagListener());
 *     monitor.begin();
 *     ...                                  // the load runs
 *     GeneratorHealth health = monitor.end();
 * }
 * }</pre>
 *
 * <p>Windows are taken one after the other by one thread ({@code begin}, then {@code end}); the lag
 * listeners may be called from any thread.
 */
public final class GeneratorMonitor implements AutoCloseable {
    /**
     * The shortest window whose CPU is judged: the JVM's process CPU time moves in scheduler ticks
     * and its JIT and GC threads burst, so a few milliseconds' window can read as many times the share.
     */
    static final Duration CPU_JUDGED_FROM = Duration.ofMillis(250);

    private final HealthLimits limits;
    private final LocalEnsemble ensemble;
    private final double shareCores;
    private final Recorder fireLag = new Recorder(3);
    private final Recorder samplerLag = new Recorder(3);
    private final GcPauses gc = new GcPauses();
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long beginNanos;
    private long beginCpuNanos;
    private Map<String, ProcessStats> beginServers = Map.of();

    /** @param ensemble the embedded ensemble whose servers' CPU to read, or null when the servers are remote */
    public GeneratorMonitor(HealthLimits limits, LocalEnsemble ensemble) {
        this(limits, ensemble, CpuShare.cores());
    }

    /** @param shareCores the cores the runner may use: its CPU is judged as a share of them */
    GeneratorMonitor(HealthLimits limits, LocalEnsemble ensemble, double shareCores) {
        this.limits = limits;
        this.ensemble = ensemble;
        this.shareCores = shareCores;
        begin();
    }

    /** For the fleet: how late each job fire began, µs. */
    public LongConsumer fireLagListener() {
        return fireLag::recordValue;
    }

    /**
     * For the server sampler: how late each round began, µs. The runner's own lateness only: the starts
     * are timed on a thread that does none of a round's work, so no server and no slow round delays one.
     */
    public LongConsumer samplerLagListener() {
        return samplerLag::recordValue;
    }

    public double shareCores() {
        return shareCores;
    }

    private long lastLookNanos = System.nanoTime();
    private long lastLookCpuNanos = os.getProcessCpuTime();

    /** The runner's CPU since the previous call, percent of its share: for a live progress line. */
    public synchronized double recentCpuPercentOfShare() {
        long now = System.nanoTime();
        long cpu = os.getProcessCpuTime();
        double percent =
                now == lastLookNanos ? 0 : 100.0 * (cpu - lastLookCpuNanos) / (now - lastLookNanos) / shareCores;
        lastLookNanos = now;
        lastLookCpuNanos = cpu;
        return percent;
    }

    /** Starts a window: what happened before it is forgotten. */
    public void begin() {
        fireLag.getIntervalHistogram();
        samplerLag.getIntervalHistogram();
        gc.longestAndReset();
        beginServers = servers();
        beginNanos = System.nanoTime();
        beginCpuNanos = os.getProcessCpuTime();
    }

    /** Ends the window begun last and judges it. */
    public GeneratorHealth end() {
        long wall = System.nanoTime() - beginNanos;
        double cpu = wall <= 0 ? 0 : 100.0 * (os.getProcessCpuTime() - beginCpuNanos) / wall / shareCores;
        Map<String, Double> serversCpu = new LinkedHashMap<>();
        servers().forEach((server, now) -> {
            double percent = now.cpuPercentSince(beginServers.get(server), Duration.ofNanos(wall));
            if (!Double.isNaN(percent)) {
                serversCpu.put(server, round1(percent));
            }
        });
        GeneratorHealth.Lag fires = lag(fireLag.getIntervalHistogram());
        GeneratorHealth.Lag sampler = lag(samplerLag.getIntervalHistogram());
        GcPauses.Longest gcMax = gc.longestAndReset();
        List<String> reasons = new ArrayList<>();
        // the limits the runner passed by its own work: its CPU, or a GC that worked past the limit
        boolean own = false;
        if (wall >= CPU_JUDGED_FROM.toNanos() && cpu >= limits.maxCpuPercent()) {
            own = true;
            reasons.add(String.format(
                    Locale.ROOT,
                    "the runner used %.0f%% of its %s cores (limit %s%%)",
                    cpu,
                    Amounts.decimal(shareCores),
                    Amounts.decimal(limits.maxCpuPercent())));
        }
        double maxLagMs = limits.maxLag().toMillis();
        if (fires.count() > 0 && fires.p99Ms() > maxLagMs) {
            reasons.add("job fires ran " + Durations.ofMillis(fires.p99Ms()) + " late (p99; limit "
                    + Durations.ofMillis(maxLagMs) + ")");
        }
        if (sampler.count() > 0 && sampler.p99Ms() > maxLagMs) {
            reasons.add("the server sampler ran " + Durations.ofMillis(sampler.p99Ms()) + " late (p99; limit "
                    + Durations.ofMillis(maxLagMs) + ")");
        }
        long gcLimitMs = limits.maxGcPause().toMillis();
        if (gcMax.pauseMs() > gcLimitMs) {
            String pause = "a GC pause stopped the runner for " + Durations.ofMillis((double) gcMax.pauseMs())
                    + " (limit " + Durations.ofMillis((double) gcLimitMs) + ")";
            if (Double.isNaN(gcMax.workMs())) {
                reasons.add(pause + ", how long its collector worked not read");
            } else if (gcMax.workMs() > gcLimitMs) {
                own = true;
                reasons.add(pause);
            } else {
                reasons.add(pause + ", its collector at work " + Durations.ofMillis(gcMax.workMs())
                        + " of it: the rest it waited for a core");
            }
        }
        return new GeneratorHealth(
                round1(wall / 1e9),
                shareCores,
                round1(cpu),
                gcMax.pauseMs(),
                fires,
                sampler,
                serversCpu,
                !reasons.isEmpty(),
                reasons,
                Double.isNaN(gcMax.workMs()) ? null : round1(gcMax.workMs()),
                !reasons.isEmpty() && !own);
    }

    private Map<String, ProcessStats> servers() {
        Map<String, ProcessStats> now = new LinkedHashMap<>();
        if (ensemble != null) {
            List<ServerAddress> addresses = ensemble.servers();
            for (int id = 1; id <= addresses.size(); id++) {
                now.put(addresses.get(id - 1).hostPort(), ensemble.processStats(id));
            }
        }
        return now;
    }

    private static GeneratorHealth.Lag lag(Histogram micros) {
        if (micros.getTotalCount() == 0) {
            return GeneratorHealth.Lag.NONE;
        }
        return new GeneratorHealth.Lag(
                micros.getTotalCount(),
                ms(micros.getValueAtPercentile(50)),
                ms(micros.getValueAtPercentile(99)),
                ms(micros.getMaxValue()));
    }

    private static double ms(long micros) {
        return Math.round(micros / 100.0) / 10.0;
    }

    private static double round1(double v) {
        return Math.round(v * 10.0) / 10.0;
    }

    /** One line for the console: "runner CPU 41% of 2 cores, fire lag p99 12 ms, GC max 8 ms". */
    public static String summary(GeneratorHealth h) {
        StringBuilder b = new StringBuilder(String.format(
                Locale.ROOT, "runner CPU %.0f%% of %s cores", h.cpuPercentOfShare(), Amounts.decimal(h.shareCores())));
        if (h.fireLag().count() > 0) {
            b.append(", fire lag p99 ").append(Durations.ofMillis(h.fireLag().p99Ms()));
        }
        return b.append(", GC max ")
                .append(Durations.ofMillis((double) h.gcPauseMaxMs()))
                .toString();
    }

    @Override
    public void close() {
        gc.close();
    }
}
