package dev.zkload.runner.result;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.zkload.bench.result.OpStats;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One line of {@code steps.jsonl}: a finished step (step 0 is the baseline on the empty ensemble). Its figures come in
 * groups, each a record of its own; in the file every group's fields stand flat in the line, in the order the
 * groups come here, as they always have (a test pins a recorded run's lines byte for byte). Each figure can also be
 * read by its own name ({@link #verdict()}, {@link #generator()}, …), as the rules and reports read them.
 *
 * @param step       0 for the baseline, then the load steps in the order they ran
 * @param domains    the domains the step held, the whole run's
 * @param held       what this process held
 * @param time       when the step ran and how long each phase took
 * @param judgement  what the step says about the ensemble, and what it rests on
 * @param runner     the runner's health
 * @param servers    what the servers told of themselves
 * @param bench      the seven-op benchmark
 * @param fleet      the simulated sessions' events during the step; null at step 0
 * @param events     what went wrong in the step: the benchmark's errors, the elections, servers that did not answer
 * @param refinement the step narrowed the interval between the grid's last stable and first saturated steps
 *                   (bisection), rather than being a step of the grid
 * @param usage      what the machine and the servers used, where a request's time went, and the work delivered
 */
public record StepResult(
        int step,
        int domains,
        @JsonUnwrapped Held held,
        @JsonUnwrapped Time time,
        @JsonUnwrapped Judgement judgement,
        @JsonUnwrapped Runner runner,
        @JsonUnwrapped Servers servers,
        @JsonUnwrapped Bench bench,
        StepFleetData fleet,
        @JsonUnwrapped Events events,
        boolean refinement,
        @JsonUnwrapped Usage usage) {

    /**
     * What this process held at the step's end.
     *
     * @param shardDomains with {@code --shard}: the domains this process holds ({@code domains} is the whole run's,
     *                     executors/jobs/sessions are this process's); null when alone
     */
    public record Held(long executors, long jobs, long sessions, Integer shardDomains) {}

    /**
     * When the step ran.
     *
     * @param phases how long registering, settling and measuring took
     */
    public record Time(Instant startTime, Instant endTime, StepPhases phases) {}

    /**
     * What the step says about the ensemble, and what it rests on.
     *
     * @param verdict              what the step says about the ensemble; null until the stop rules give it
     * @param saturated            the leader's outstanding requests stayed at or above the threshold, or averaged at
     *                             or above it, for the sustain time of the settled load
     * @param saturation           how the leader met that rule; null when not saturated, and in results written before
     *                             it was recorded
     * @param saturationObservable the leader's statistics were read through the settled load, so {@code saturated}
     *                             means something
     * @param generatorBound       the runner, not the ensemble, was the bottleneck during the settled load
     */
    public record Judgement(
            StepVerdict verdict,
            boolean saturated,
            Saturation saturation,
            boolean saturationObservable,
            boolean generatorBound) {
        Judgement withVerdict(StepVerdict v) {
            return new Judgement(v, saturated, saturation, saturationObservable, generatorBound);
        }
    }

    /**
     * The runner's health.
     *
     * @param generator          the runner's health over the settled load (what the step is judged on)
     * @param generatorDuringAdd the runner's health while the step's domains registered (recorded, not judged); null
     *                           at step 0
     */
    public record Runner(GeneratorHealth generator, GeneratorHealth generatorDuringAdd) {}

    /**
     * What the servers told of themselves.
     *
     * @param server             the servers' counters over the settled load; null if no leader answered
     * @param burst              the leader's queue while the step's domains registered; null at step 0
     * @param serverMetrics      how completely the servers answered during the settled load
     * @param footprintPerDomain settled reading minus the baseline, per domain; null at step 0 or when unobserved
     */
    public record Servers(
            StepServerData server, Burst burst, MetricsCoverage serverMetrics, MeasuredFootprint footprintPerDomain) {}

    /**
     * The seven-op benchmark.
     *
     * @param ops         the seven-op benchmark against the bench target; empty if it did not run
     * @param opsByTarget with {@code --bench-target each}: every server's result, by host:port
     */
    public record Bench(Map<String, OpStats> ops, Map<String, Map<String, OpStats>> opsByTarget) {
        public Bench {
            ops = ops == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(ops));
        }
    }

    /**
     * What went wrong in the step.
     *
     * @param benchErrorRate failed benchmark calls / all calls, 0–1
     * @param leaderlessSec  the longest time in the step with no server serving as leader, seconds
     * @param ensembleEvents the elections, unanswering servers and cut sessions the step saw, in any of its phases;
     *                       null in results written before it was recorded
     */
    public record Events(double benchErrorRate, double leaderlessSec, EnsembleEvents ensembleEvents) {}

    /**
     * What the machine and the servers used, where a request's time went, and the work delivered.
     *
     * @param resources     what the machine and each server used over the settled load; null at a step with no
     *                      settled load, and in results written before it was recorded
     * @param stages        where a request's time went at the leader over the settled load; null when not observed (a
     *                      server before 3.6, no statistics)
     * @param delivered     the simulated job fires due over the settled load and how many were delivered; null at the
     *                      baseline, and where no settled load was watched
     * @param hostDuringAdd this machine's CPU and who had it while the step's domains registered; null at the
     *                      baseline, and in results written before it was recorded
     */
    public record Usage(
            StepResources resources, LeaderStages stages, DeliveredWork delivered, HostUsage hostDuringAdd) {}

    public StepResult {
        // a line written before a group's fields existed reads them as absent, never as a missing group
        held = held == null ? new Held(0, 0, 0, null) : held;
        time = time == null ? new Time(null, null, null) : time;
        judgement = judgement == null ? new Judgement(null, false, null, false, false) : judgement;
        runner = runner == null ? new Runner(null, null) : runner;
        servers = servers == null ? new Servers(null, null, null, null) : servers;
        bench = bench == null ? new Bench(null, null) : bench;
        events = events == null ? new Events(0, 0, null) : events;
        usage = usage == null ? new Usage(null, null, null, null) : usage;
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
        return new StepResult(
                step,
                domains,
                new Held(allExecutors, allJobs, allSessions, null),
                time,
                judgement,
                runner,
                servers,
                bench,
                allFleet,
                events,
                refinement,
                usage);
    }

    public StepResult withVerdict(StepVerdict v) {
        return new StepResult(
                step,
                domains,
                held,
                time,
                judgement.withVerdict(v),
                runner,
                servers,
                bench,
                fleet,
                events,
                refinement,
                usage);
    }

    /**
     * Whether the step ended in its registration: no load settled, so it has no settled figures.
     *
     * @return its phases say so ({@link StepPhases#registrationOnly()})
     */
    public boolean registrationOnly() {
        return phases() != null && phases().registrationOnly();
    }

    /**
     * This step stopped by a server's connection limit: verdict {@code server-limit}, and the connections each
     * server refused among its ensemble events.
     *
     * @param refused by host:port, as {@link EnsembleEvents#connectionsRefused()}
     */
    public StepResult serverLimit(Map<String, Long> refused) {
        EnsembleEvents before = events.ensembleEvents();
        EnsembleEvents after =
                (before == null ? new EnsembleEvents(0, 0, Map.of(), 0, 0) : before).withConnectionsRefused(refused);
        return new StepResult(
                step,
                domains,
                held,
                time,
                judgement.withVerdict(StepVerdict.SERVER_LIMIT),
                runner,
                servers,
                bench,
                fleet,
                new Events(events.benchErrorRate(), events.leaderlessSec(), after),
                refinement,
                usage);
    }

    // Each figure by its own name, as the rules, the verdict and the reports read it.

    public long executors() {
        return held.executors();
    }

    public long jobs() {
        return held.jobs();
    }

    public long sessions() {
        return held.sessions();
    }

    public Integer shardDomains() {
        return held.shardDomains();
    }

    public Instant startTime() {
        return time.startTime();
    }

    public Instant endTime() {
        return time.endTime();
    }

    public StepPhases phases() {
        return time.phases();
    }

    public StepVerdict verdict() {
        return judgement.verdict();
    }

    public boolean saturated() {
        return judgement.saturated();
    }

    public Saturation saturation() {
        return judgement.saturation();
    }

    public boolean saturationObservable() {
        return judgement.saturationObservable();
    }

    public boolean generatorBound() {
        return judgement.generatorBound();
    }

    public GeneratorHealth generator() {
        return runner.generator();
    }

    public GeneratorHealth generatorDuringAdd() {
        return runner.generatorDuringAdd();
    }

    public StepServerData server() {
        return servers.server();
    }

    public Burst burst() {
        return servers.burst();
    }

    public MetricsCoverage serverMetrics() {
        return servers.serverMetrics();
    }

    public MeasuredFootprint footprintPerDomain() {
        return servers.footprintPerDomain();
    }

    public Map<String, OpStats> ops() {
        return bench.ops();
    }

    public Map<String, Map<String, OpStats>> opsByTarget() {
        return bench.opsByTarget();
    }

    public double benchErrorRate() {
        return events.benchErrorRate();
    }

    public double leaderlessSec() {
        return events.leaderlessSec();
    }

    public EnsembleEvents ensembleEvents() {
        return events.ensembleEvents();
    }

    public StepResources resources() {
        return usage.resources();
    }

    public LeaderStages stages() {
        return usage.stages();
    }

    public DeliveredWork delivered() {
        return usage.delivered();
    }

    public HostUsage hostDuringAdd() {
        return usage.hostDuringAdd();
    }
}
