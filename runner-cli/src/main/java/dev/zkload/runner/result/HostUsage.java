package dev.zkload.runner.result;

/**
 * This machine's CPU over a window, and who used it: the runner, the ZooKeeper servers it found running
 * here, and everyone else. All in cores (1.0 = one core busy for the whole window) or percent of every
 * core's time together.
 *
 * @param cores         CPUs online
 * @param busyPercent   not idle (any process, interrupts, and time stolen by the hypervisor), percent of all cores
 * @param iowaitPercent idle with disk I/O outstanding
 * @param stealPercent  taken by the hypervisor for other guests: a neighbour's share of this machine
 * @param runnerCores   this runner process; null where it could not be read
 * @param serversCores  the servers of the target running on this machine (0 when none does); null when one of
 *                      them runs here but could not be read
 * @param otherCores    neither zkload nor its servers nor the hypervisor: other processes (builds, tests, a
 *                      neighbour in the same machine); null when {@code serversCores} or {@code runnerCores} is
 */
public record HostUsage(
        int cores,
        double busyPercent,
        double iowaitPercent,
        double stealPercent,
        Double runnerCores,
        Double serversCores,
        Double otherCores) {

    /** The cores kept busy, stolen ones included. */
    public double busyCores() {
        return cores * busyPercent / 100.0;
    }
}
