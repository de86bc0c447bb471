package dev.zkload.bench.result;

import java.time.Instant;
import java.util.List;

/**
 * One run of the seven-op benchmark: {@code latency.json}.
 *
 * @param runId         the run's id (also in its root's name)
 * @param root          the znode the run worked under (removed at the end)
 * @param mode          sync, async or rate
 * @param znodeCount    znodes per phase
 * @param znodeSize     bytes per znode
 * @param watchMultiple extra watching sessions
 * @param startTime     when the run began
 * @param endTime       when it ended
 * @param interrupted   true when Ctrl-C cut it short (the results hold what was measured)
 * @param targets       one result per target, in the order measured
 */
public record LatencyReport(
        String runId,
        String root,
        String mode,
        int znodeCount,
        int znodeSize,
        int watchMultiple,
        Instant startTime,
        Instant endTime,
        boolean interrupted,
        List<TargetResult> targets) {

    public LatencyReport {
        targets = List.copyOf(targets);
    }
}
