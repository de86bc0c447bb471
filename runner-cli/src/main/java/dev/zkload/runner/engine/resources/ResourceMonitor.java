package dev.zkload.runner.engine.resources;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.machine.BlockDevice;
import dev.zkload.bench.machine.CpuUsage;
import dev.zkload.bench.machine.DiskStats;
import dev.zkload.bench.machine.GcLog;
import dev.zkload.bench.machine.HostCpu;
import dev.zkload.bench.machine.HotSpotCounters;
import dev.zkload.bench.machine.ProcessCpu;
import dev.zkload.bench.machine.ProcessIo;
import dev.zkload.bench.machine.ProcessUsage;
import dev.zkload.bench.stats.PrometheusEndpoint;
import dev.zkload.bench.stats.PrometheusReading;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.runner.result.DiskUsage;
import dev.zkload.runner.result.StepResources;
import dev.zkload.zk.connect.ServerAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads this machine's CPU and the processes on it, window by window: the machine's busy, iowait and stolen
 * time, the runner's CPU, and each server's that runs here (the embedded ensemble's, or a given server found
 * listening on its port) with its busiest thread and the CPUs it may use, and the embedded servers' GC pauses
 * from their logs; a server on another machine, from its own Prometheus endpoint where it has one. Two readings a
 * window, at its ends: nothing runs in between.
 *
 * <pre>{@code
 * ResourceMonitor m = new ResourceMonitor(target.servers(), target.ensemble().orElse(null), target.prometheus());
 * m.begin();
 * ...                              // the settled load
 * StepResources r = m.end(rounds);
 * }</pre>
 */
public final class ResourceMonitor implements AutoCloseable {
    private final ServerProcesses processes;
    private final long self = ProcessHandle.current().pid();
    private Instant began = Instant.now();
    private long beganNanos = System.nanoTime();
    private HostCpu host;
    private ProcessCpu runner;
    private final Map<String, ProcessCpu> servers = new HashMap<>();
    private final Map<String, PrometheusEndpoint> endpoints;
    private final Map<String, PrometheusReading> reported = new HashMap<>();
    private DiskStats disks;
    /** Each local server's transaction-log disk, found as the window began. */
    private final Map<String, BlockDevice> logDisks = new HashMap<>();
    /** Bytes the runner and each local server had written to storage as the window began, by pid. */
    private final Map<Long, Long> written = new HashMap<>();
    /** Each local server's HotSpot counters as the window began, for a JVM that names no GC log. */
    private final Map<String, HotSpotCounters> counters = new HashMap<>();

    private final ServerDeaths deaths;
    /** The pids {@link #cpuSeconds} found, looked up again once a process is gone. */
    private final Map<String, Long> pids = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * @param ensemble  the embedded ensemble, or null when the servers were given with {@code --connect}
     * @param endpoints the Prometheus endpoints of servers on other machines, by host:port
     */
    public ResourceMonitor(
            List<ServerAddress> servers, LocalEnsemble ensemble, Map<String, PrometheusEndpoint> endpoints) {
        this.processes = new ServerProcesses(servers, ensemble);
        this.endpoints = Map.copyOf(endpoints);
        this.deaths = new ServerDeaths(processes);
    }

    /** Starts a window; every window is begun before it is ended. */
    public void begin() {
        began = Instant.now();
        beganNanos = System.nanoTime();
        host = HostCpu.read().orElse(null);
        runner = ProcessCpu.read(self).orElse(null);
        servers.clear();
        counters.clear();
        for (ServerAddress s : processes.servers()) {
            processes.pid(s).flatMap(ProcessCpu::read).ifPresent(p -> servers.put(s.hostPort(), p));
        }
        servers.forEach((s, p) -> HotSpotCounters.read(p.pid()).ifPresent(c -> counters.put(s, c)));
        deaths.look();
        reported.clear();
        endpoints.forEach((s, e) -> read(e).ifPresent(r -> reported.put(s, r)));
        beginDisks();
    }

    /** The disks under the local servers' transaction logs, and what every zkload process had written so far. */
    private void beginDisks() {
        logDisks.clear();
        written.clear();
        disks = DiskStats.read().orElse(null);
        ProcessIo.bytesWritten(self).ifPresent(b -> written.put(self, b));
        servers.forEach((s, p) -> {
            ProcessIo.transactionLog(p.pid()).flatMap(BlockDevice::of).ifPresent(d -> logDisks.put(s, d));
            ProcessIo.bytesWritten(p.pid()).ifPresent(b -> written.put(p.pid(), b));
        });
    }

    /**
     * What was written to each disk under a local server's log over the window, and how much of it by others than
     * the runner and the servers; a pid whose counters could not be read at both ends leaves the others unknown.
     */
    private Map<String, DiskUsage> endDisks(double seconds) {
        DiskStats now = disks == null ? null : DiskStats.read().orElse(null);
        if (now == null || logDisks.isEmpty()) {
            return Map.of();
        }
        Double ours = 0.0;
        for (Map.Entry<Long, Long> w : written.entrySet()) {
            Optional<Long> after = ProcessIo.bytesWritten(w.getKey());
            ours = after.isEmpty() || ours == null ? null : ours + Math.max(0, after.get() - w.getValue());
        }
        if (written.size() < servers.size() + 1) {
            ours = null;
        }
        Map<String, List<String>> logsOn = new LinkedHashMap<>();
        logDisks.forEach((s, d) ->
                logsOn.computeIfAbsent(d.name(), k -> new ArrayList<>()).add(s));
        Map<String, DiskUsage> usage = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> d : logsOn.entrySet()) {
            Optional<DiskStats.Usage> u = now.usageSince(disks, d.getKey(), seconds);
            if (u.isPresent()) {
                Double others = ours == null ? null : Math.max(0, u.get().writtenPerSec() - ours / seconds);
                usage.put(
                        d.getKey(),
                        new DiskUsage(
                                d.getValue(),
                                u.get().writtenPerSec(),
                                others,
                                u.get().busyPercent()));
            }
        }
        return usage;
    }

    /**
     * A local server's GC pauses over the window: from zkload's own log of an embedded server, the log a given
     * server's command line names, or its HotSpot counters (which tell the pauses' count and time, and the last one's
     * length, not each one's); empty where none can be read.
     */
    private Optional<GcLog.GcPauses> gcPauses(ServerAddress s, ProcessCpu before, Instant now) {
        Optional<GcLog.GcPauses> logged = processes.gcLog(s).flatMap(f -> GcLog.pauses(f, began, now));
        if (logged.isPresent() || before == null) {
            return logged;
        }
        logged = GcLog.named(before.pid()).flatMap(l -> l.pauses(began, now));
        if (logged.isPresent()) {
            return logged;
        }
        HotSpotCounters then = counters.get(s.hostPort());
        return then == null
                ? Optional.empty()
                : HotSpotCounters.read(before.pid())
                        .flatMap(c -> c.pausesSince(then))
                        // the counters keep the last pause's length, not the longest's: that stays unobserved
                        .map(p -> new GcLog.GcPauses(p.count(), p.totalMs(), Double.NaN));
    }

    /**
     * The local servers whose process ended since the last look, with what they left about why ("died of an
     * OutOfMemoryError: …"), by host:port; empty when none did.
     */
    public Map<String, String> deaths() {
        return deaths.drain();
    }

    /** A window over this machine's CPU alone, begun now. */
    public HostWindow hostWindow() {
        return new HostWindow(processes);
    }

    /** The endpoint's reading; empty when it does not answer now (a window it missed is not read). */
    private static Optional<PrometheusReading> read(PrometheusEndpoint e) {
        try {
            return Optional.of(e.read());
        } catch (java.io.IOException x) {
            return Optional.empty();
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /**
     * Server {@code s}'s process CPU time, s since it started; NaN where it does not run here or cannot be read.
     * Called once a second per server for server-metrics.csv: only the process's total is read.
     */
    public double cpuSeconds(ServerAddress s) {
        Long pid = pids.get(s.hostPort());
        Optional<ProcessHandle> p =
                pid == null ? Optional.empty() : ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (p.isEmpty()) {
            p = processes.pid(s).flatMap(ProcessHandle::of);
            p.ifPresentOrElse(h -> pids.put(s.hostPort(), h.pid()), () -> pids.remove(s.hostPort()));
        }
        return p.flatMap(h -> h.info().totalCpuDuration())
                .map(d -> d.toNanos() / 1e9)
                .orElse(Double.NaN);
    }

    /**
     * Ends the window begun last: what the machine and each server used over it.
     *
     * @param rounds the sampler's rounds over the window, oldest first (empty without server statistics)
     */
    public StepResources end(List<List<StatsSample>> rounds) {
        return StepResourceFigures.resources(endWindow(), rounds, processes.servers());
    }

    /** Ends the window begun last: what each was read to use over it. */
    MachineWindow endWindow() {
        double seconds = (System.nanoTime() - beganNanos) / 1e9;
        Instant now = Instant.now();
        CpuUsage hostUsage = host == null
                ? null
                : HostCpu.read().map(h -> h.usageSince(host)).orElse(null);
        ProcessUsage runnerUsage = runner == null
                ? null
                : ProcessCpu.read(self)
                        .flatMap(p -> p.usageSince(runner, seconds))
                        .orElse(null);
        Map<String, ProcessUsage> serverUsage = new LinkedHashMap<>();
        Map<String, GcLog.GcPauses> gc = new LinkedHashMap<>();
        Set<String> local = new LinkedHashSet<>();
        for (ServerAddress s : processes.servers()) {
            if (processes.local(s)) {
                local.add(s.hostPort());
            }
            ProcessCpu before = servers.get(s.hostPort());
            if (before != null) {
                ProcessCpu.read(before.pid())
                        .flatMap(p -> p.usageSince(before, seconds))
                        .ifPresent(u -> serverUsage.put(s.hostPort(), u));
            }
            gcPauses(s, before, now).ifPresent(p -> gc.put(s.hostPort(), p));
        }
        Map<String, PrometheusReading.Usage> remote = new LinkedHashMap<>();
        reported.forEach((s, before) -> Optional.ofNullable(endpoints.get(s))
                .flatMap(ResourceMonitor::read)
                .flatMap(r -> r.usageSince(before))
                .ifPresent(u -> remote.put(s, u)));
        Map<String, Double> heaps = new LinkedHashMap<>();
        servers.forEach((s, p) -> HotSpotCounters.read(p.pid())
                .map(HotSpotCounters::occupancy)
                .filter(o -> o.maxBytes() > 0)
                .ifPresent(o -> heaps.put(s, 100.0 * o.usedBytes() / o.maxBytes())));
        return new MachineWindow(
                seconds, hostUsage, runnerUsage, serverUsage, gc, local, remote, endDisks(seconds), heaps);
    }

    /** Lets go of what the servers' watches hold open (their GC logs and counters files). */
    @Override
    public void close() {
        deaths.close();
    }
}
