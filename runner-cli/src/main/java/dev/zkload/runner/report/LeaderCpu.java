package dev.zkload.runner.report;

import dev.zkload.runner.result.ServerUsage;
import dev.zkload.runner.result.StepResult;

/**
 * The leader's CPU over a step's settled load, in percent of one core, from whichever record of the step holds
 * it: its {@code resources} (the leader's process read on this machine, embedded or given with {@code --connect},
 * or a remote server's own Prometheus endpoint), else the server data of an embedded leader, else the embedded
 * servers' CPU the runner's health recorded. A step none of them covers has no figure: the leader ran on another
 * machine with no endpoint to read, or the results are older than the figure.
 */
final class LeaderCpu {
    private LeaderCpu() {}

    /** The leader's CPU, % of one core; null where the step recorded no figure of its process. */
    static Double percentOfCore(StepResult step) {
        if (step.resources() != null) {
            ServerUsage leader = ResourceTables.leader(step);
            if (leader != null && leader.cpuCores() != null) {
                return 100 * leader.cpuCores();
            }
        }
        if (step.server() != null && step.server().cpuPercent() != null) {
            return step.server().cpuPercent();
        }
        String leader =
                step.ensembleEvents() == null ? null : step.ensembleEvents().leader();
        if (leader != null && step.generator() != null) {
            return step.generator().serversCpuPercent().get(leader);
        }
        return null;
    }

    /** What a table of it says of its n/a. */
    static final String ABSENT_NOTE = "n/a where no figure of the leader's process was recorded (a server on another"
            + " machine without a Prometheus endpoint zkload could read)";
}
