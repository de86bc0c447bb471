package dev.zkload.bench.machine;

import java.util.Map;
import java.util.Set;

/**
 * What a machine's CPUs did over a window: shares of all their time together, so that 100% is every core
 * busy the whole window.
 *
 * @param cores         CPUs online
 * @param busyPercent   not idle: any process's work, interrupts, and time stolen by the hypervisor
 * @param iowaitPercent idle with disk I/O outstanding
 * @param stealPercent  taken by the hypervisor for other guests while this machine had work to run
 * @param perCpuBusy    each CPU's busy share, by CPU number
 */
public record CpuUsage(
        int cores, double busyPercent, double iowaitPercent, double stealPercent, Map<Integer, Double> perCpuBusy) {

    public CpuUsage {
        perCpuBusy = Map.copyOf(perCpuBusy);
    }

    /** The cores the machine kept busy, e.g. 1.82 of 2. */
    public double busyCores() {
        return cores * busyPercent / 100.0;
    }

    /** The mean busy share of some CPUs (those a process may run on); NaN when none of them was read. */
    public double busyPercentOf(Set<Integer> cpus) {
        return cpus.stream()
                .map(perCpuBusy::get)
                .filter(java.util.Objects::nonNull)
                .mapToDouble(Double::doubleValue)
                .average()
                .orElse(Double.NaN);
    }
}
