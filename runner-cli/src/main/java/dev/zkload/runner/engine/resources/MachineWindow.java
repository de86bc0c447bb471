package dev.zkload.runner.engine.resources;

import dev.zkload.bench.machine.CpuUsage;
import dev.zkload.bench.machine.GcLog;
import dev.zkload.bench.machine.ProcessUsage;
import dev.zkload.bench.stats.PrometheusReading;
import java.util.Map;

/**
 * What {@link ResourceMonitor} read over one window: the machine's CPU, the runner's, each server's process
 * where it runs here, and what remote servers' endpoints said of theirs.
 *
 * @param seconds the window's length
 * @param host    the machine's CPU; null where {@code /proc/stat} cannot be read
 * @param runner  this process; null where it cannot be read
 * @param servers each server's process over the window, by host:port; a server not running here (or not read)
 *                is absent
 * @param gc      each embedded server's GC pauses over the window, by host:port; absent where its JVM keeps no
 *                log of ours
 * @param local   servers of the target that run on this machine, read or not, by host:port
 * @param remote  servers on other machines as their Prometheus endpoints told it, by host:port; absent where
 *                none answered at both ends of the window
 * @param disks   the disks under the local servers' transaction logs, by device name
 * @param heaps   how full each local JVM server's heap was at the window's end, % of its largest size, by host:port
 */
record MachineWindow(
        double seconds,
        CpuUsage host,
        ProcessUsage runner,
        Map<String, ProcessUsage> servers,
        Map<String, GcLog.GcPauses> gc,
        java.util.Set<String> local,
        Map<String, PrometheusReading.Usage> remote,
        Map<String, dev.zkload.runner.result.DiskUsage> disks,
        Map<String, Double> heaps) {}
