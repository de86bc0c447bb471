package dev.zkload.runner.ramp;

import dev.zkload.bench.result.OpStats;
import java.time.Instant;
import java.util.Map;

/**
 * One line of {@code steps.jsonl}: a finished step (step 0 is the baseline on the empty ensemble).
 *
 * @param server             the servers' counters over the step; null if no leader answered
 * @param footprintPerDomain step minus baseline, per domain; null at step 0
 * @param ops                the seven-op benchmark against the bench target; empty if it did not run
 * @param opsByTarget        with {@code --bench-target each}: every server's result, by host:port
 * @param fleet              the simulated sessions' events during the step; null at step 0
 * @param benchErrorRate     failed benchmark calls / all calls, 0–1
 * @param saturated          the leader stayed at or above the outstanding threshold for the sustain time
 * @param leaderlessSec      the longest time in the step with no server serving as leader (an election takes
 *                           a second or two; a lost quorum lasts), seconds
 * @param shardDomains       with {@code --shard}: the domains this process holds ({@code domains} is the whole
 *                           run's, executors/jobs/sessions are this process's); null when alone
 */
public record StepResult(int step, int domains, long executors, long jobs, long sessions, Instant startTime,
        Instant endTime, StepServerData server, Footprint footprintPerDomain, Map<String, OpStats> ops,
        Map<String, Map<String, OpStats>> opsByTarget, StepFleetData fleet, double benchErrorRate, boolean saturated,
        double leaderlessSec, Integer shardDomains) {
}
