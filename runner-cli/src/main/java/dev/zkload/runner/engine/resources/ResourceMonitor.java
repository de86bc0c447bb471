package dev.zkload.runner.engine.resources;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.machine.CpuUsage;
import dev.zkload.bench.machine.GcLog;
import dev.zkload.bench.machine.HostCpu;
import dev.zkload.bench.machine.ProcessCpu;
import dev.zkload.bench.machine.ProcessUsage;
import dev.zkload.bench.stats.PrometheusEndpoint;
import dev.zkload.bench.stats.PrometheusReading;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.runner.result.StepResources;
import dev.zkload.zk.connect.ServerAddress;
import java.time.Instant;
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
public final class ResourceMonitor {
    private final ServerProcesses processes;
    private final long self = ProcessHandle.current().pid();
    private Instant began = Instant.now();
    private long beganNanos = System.nanoTime();
    private HostCpu host;
    private ProcessCpu runner;
    private final Map<String, ProcessCpu> servers = new HashMap<>();
    private final Map<String, PrometheusEndpoint> endpoints;
    private final Map<String, PrometheusReading> reported = new HashMap<>();
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
    }

    /** Starts a window; every window is begun before it is ended. */
    public void begin() {
        began = Instant.now();
        beganNanos = System.nanoTime();
        host = HostCpu.read().orElse(null);
        runner = ProcessCpu.read(self).orElse(null);
        servers.clear();
        for (ServerAddress s : processes.servers()) {
            processes.pid(s).flatMap(ProcessCpu::read).ifPresent(p -> servers.put(s.hostPort(), p));
        }
        reported.clear();
        endpoints.forEach((s, e) -> read(e).ifPresent(r -> reported.put(s, r)));
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
            if (processes.embedded() || ServerProcesses.onThisMachine(s)) {
                local.add(s.hostPort());
            }
            ProcessCpu before = servers.get(s.hostPort());
            if (before != null) {
                ProcessCpu.read(before.pid())
                        .flatMap(p -> p.usageSince(before, seconds))
                        .ifPresent(u -> serverUsage.put(s.hostPort(), u));
            }
            processes.gcLog(s).flatMap(f -> GcLog.pauses(f, began, now)).ifPresent(p -> gc.put(s.hostPort(), p));
        }
        Map<String, PrometheusReading.Usage> remote = new LinkedHashMap<>();
        reported.forEach((s, before) -> Optional.ofNullable(endpoints.get(s))
                .flatMap(ResourceMonitor::read)
                .flatMap(r -> r.usageSince(before))
                .ifPresent(u -> remote.put(s, u)));
        return new MachineWindow(seconds, hostUsage, runnerUsage, serverUsage, gc, local, remote);
    }
}
