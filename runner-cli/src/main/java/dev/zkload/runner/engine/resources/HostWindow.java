package dev.zkload.runner.engine.resources;

import dev.zkload.bench.machine.CpuUsage;
import dev.zkload.bench.machine.HostCpu;
import dev.zkload.bench.machine.ProcessCpu;
import dev.zkload.bench.machine.ProcessUsage;
import dev.zkload.runner.result.HostUsage;
import dev.zkload.zk.connect.ServerAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * This machine's CPU over one window and who had it — the runner, the target's servers that run here, everyone
 * else — read from {@code /proc} at the window's two ends. Lighter than a {@link ResourceMonitor} window (no
 * server's counters, no remote endpoint): for a step's registration, where only whether the machine was too busy
 * to measure is wanted.
 */
public final class HostWindow {
    private final ServerProcesses processes;
    private final long self = ProcessHandle.current().pid();
    private final long beganNanos = System.nanoTime();
    private final HostCpu host = HostCpu.read().orElse(null);
    private final ProcessCpu runner = ProcessCpu.read(self).orElse(null);
    private final Map<String, ProcessCpu> servers = new HashMap<>();

    /** Begins a window now. */
    HostWindow(ServerProcesses processes) {
        this.processes = processes;
        for (ServerAddress s : processes.servers()) {
            processes.pid(s).flatMap(ProcessCpu::read).ifPresent(p -> servers.put(s.hostPort(), p));
        }
    }

    /** The machine over the window, ended now; null where {@code /proc/stat} cannot be read. */
    public HostUsage end() {
        double seconds = (System.nanoTime() - beganNanos) / 1e9;
        CpuUsage h = host == null
                ? null
                : HostCpu.read().map(n -> n.usageSince(host)).orElse(null);
        ProcessUsage r = runner == null
                ? null
                : ProcessCpu.read(self)
                        .flatMap(p -> p.usageSince(runner, seconds))
                        .orElse(null);
        double cores = 0;
        for (ServerAddress s : processes.servers()) {
            if (!processes.local(s)) {
                continue;
            }
            ProcessCpu before = servers.get(s.hostPort());
            Optional<ProcessUsage> used = before == null
                    ? Optional.empty()
                    : ProcessCpu.read(before.pid()).flatMap(p -> p.usageSince(before, seconds));
            if (used.isEmpty()) {
                // a server here whose process was not read: what the others took is not known
                return StepResourceFigures.host(h, r, null);
            }
            cores += used.get().cores();
        }
        return StepResourceFigures.host(h, r, cores);
    }
}
