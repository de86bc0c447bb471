package dev.zkload.runner.result;

import dev.zkload.bench.result.OpStats;
import java.time.Instant;
import java.util.Map;

/**
 * One line of {@code steps.jsonl}: a finished step (step 0 is the baseline on the empty ensemble).
 *
 * @param shardDomains          with {@code --shard}: the domains this process holds ({@code domains} is the whole
 *                              run's, executors/jobs/sessions are this process's); null when alone
 * @param phases                how long registering, settling and measuring took
 * @param verdict               what the step says about the ensemble
 * @param saturated             the leader's outstanding requests stayed at or above the threshold, or averaged at
 *                              or above it, for the sustain time of the settled load
 * @param saturation            how the leader met that rule; null when not saturated, and in results written
 *                              before it was recorded
 * @param saturationObservable  the leader's statistics were read through the settled load, so {@code saturated}
 *                              means something
 * @param generatorBound        the runner, not the ensemble, was the bottleneck during the settled load
 * @param generator             the runner's health over the settled load (what the step is judged on)
 * @param generatorDuringAdd    the runner's health while the step's domains registered (recorded, not judged);
 *                              null at step 0
 * @param server                the servers' counters over the settled load; null if no leader answered
 * @param burst                 the leader's queue while the step's domains registered; null at step 0
 * @param serverMetrics         how completely the servers answered during the settled load
 * @param footprintPerDomain    settled reading minus the baseline, per domain; null at step 0 or when unobserved
 * @param ops                   the seven-op benchmark against the bench target; empty if it did not run
 * @param opsByTarget           with {@code --bench-target each}: every server's result, by host:port
 * @param fleet                 the simulated sessions' events during the step; null at step 0
 * @param benchErrorRate        failed benchmark calls / all calls, 0–1
 * @param leaderlessSec         the longest time in the step with no server serving as leader, seconds
 * @param ensembleEvents        the elections, unanswering servers and cut sessions the step saw, in any of its
 *                              phases; null in results written before it was recorded
 * @param refinement            the step narrowed the interval between the grid's last stable and first saturated
 *                              steps (bisection), rather than being a step of the grid
 * @param resources             what the machine and each server used over the settled load; null at a step with no
 *                              settled load, and in results written before it was recorded
 * @param stages                where a request's time went at the leader over the settled load; null when not
 *                              observed (a server before 3.6, no statistics)
 * @param delivered             the simulated job fires due over the settled load and how many were delivered; null at
 *                              the baseline, and where no settled load was watched
 * @param hostDuringAdd         this machine's CPU and who had it while the step's domains registered; null at the
 *                              baseline, and in results written before it was recorded
 */
public record StepResult(
        int step,
        int domains,
        long executors,
        long jobs,
        long sessions,
        Integer shardDomains,
        Instant startTime,
        Instant endTime,
        StepPhases phases,
        StepVerdict verdict,
        boolean saturated,
        Saturation saturation,
        boolean saturationObservable,
        boolean generatorBound,
        GeneratorHealth generator,
        GeneratorHealth generatorDuringAdd,
        StepServerData server,
        Burst burst,
        MetricsCoverage serverMetrics,
        MeasuredFootprint footprintPerDomain,
        Map<String, OpStats> ops,
        Map<String, Map<String, OpStats>> opsByTarget,
        StepFleetData fleet,
        double benchErrorRate,
        double leaderlessSec,
        EnsembleEvents ensembleEvents,
        boolean refinement,
        StepResources resources,
        LeaderStages stages,
        DeliveredWork delivered,
        HostUsage hostDuringAdd) {

    public StepResult {
        ops = ops == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(ops));
    }

    /** The 2017 report's name of the step: {@code bm-0} for the baseline, {@code load-N} for load step N. */
    public String id() {
        return step == 0 ? "bm-0" : "load-" + step;
    }

    /**
     * This step of a merged sharded run: the simulated fleet's counts and events summed over the shards, no
     * shard's own share.
     *
     * @param allFleet the shards' fleet data summed ({@link StepFleetData#plus}); null at the baseline
     */
    public StepResult merged(long allExecutors, long allJobs, long allSessions, StepFleetData allFleet) {
        return copy(allExecutors, allJobs, allSessions, null, verdict, allFleet, ensembleEvents);
    }

    public StepResult withVerdict(StepVerdict v) {
        return copy(executors, jobs, sessions, shardDomains, v, fleet, ensembleEvents);
    }

    /**
     * Whether the step ended in its registration: no load settled, so it has no settled figures.
     *
     * @return its phases say so ({@link StepPhases#registrationOnly()})
     */
    public boolean registrationOnly() {
        return phases != null && phases.registrationOnly();
    }

    /**
     * This step stopped by a server's connection limit: verdict {@code server-limit}, and the connections each
     * server refused among its ensemble events.
     *
     * @param refused by host:port, as {@link EnsembleEvents#connectionsRefused()}
     */
    public StepResult serverLimit(Map<String, Long> refused) {
        EnsembleEvents events = (ensembleEvents == null ? new EnsembleEvents(0, 0, Map.of(), 0, 0) : ensembleEvents)
                .withConnectionsRefused(refused);
        return copy(executors, jobs, sessions, shardDomains, StepVerdict.SERVER_LIMIT, fleet, events);
    }

    private StepResult copy(
            long executors,
            long jobs,
            long sessions,
            Integer shardDomains,
            StepVerdict verdict,
            StepFleetData fleet,
            EnsembleEvents ensembleEvents) {
        return new StepResult(
                step,
                domains,
                executors,
                jobs,
                sessions,
                shardDomains,
                startTime,
                endTime,
                phases,
                verdict,
                saturated,
                saturation,
                saturationObservable,
                generatorBound,
                generator,
                generatorDuringAdd,
                server,
                burst,
                serverMetrics,
                footprintPerDomain,
                ops,
                opsByTarget,
                fleet,
                benchErrorRate,
                leaderlessSec,
                ensembleEvents,
                refinement,
                resources,
                stages,
                delivered,
                hostDuringAdd);
    }
}
