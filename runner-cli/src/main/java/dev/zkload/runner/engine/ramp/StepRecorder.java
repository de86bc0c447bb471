package dev.zkload.runner.engine.ramp;

import dev.zkload.bench.stats.StatsSample;
import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.resources.ResourceMonitor;
import dev.zkload.runner.engine.resources.StepResourceFigures;
import dev.zkload.runner.engine.run.RunListener;
import dev.zkload.runner.engine.run.Target;
import dev.zkload.runner.result.DeliveredWork;
import dev.zkload.runner.result.GeneratorHealth;
import dev.zkload.runner.result.MetricsCoverage;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.ResultWriter;
import dev.zkload.runner.result.Saturation;
import dev.zkload.runner.result.StepFleetData;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepServerData;
import dev.zkload.runner.text.Plural;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.FleetSnapshot;
import dev.zkload.sim.JobFires;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns what a step measured into its line of {@code steps.jsonl}, writes its histogram logs, and
 * tells the console: the bookkeeping of a step, apart from the ramp's control of it.
 */
final class StepRecorder {
    private final RampPlan plan;
    private final ResultWriter results;
    private final RunListener progress;
    private final ServerReadings readings;
    private final Target target;
    private final DomainFleet fleet;
    private final ResourceMonitor machine;
    private final SaturationDetector detector;
    /** The grid is over: the steps from now on are the refinement's bisection. */
    private boolean refining;

    /**
     * @param machine  the window of the step's settled load, begun by the ramp as the load settles
     * @param detector what the step's settled load showed of saturation
     */
    StepRecorder(
            RampPlan plan,
            ResultWriter results,
            RunListener progress,
            ServerReadings readings,
            Target target,
            DomainFleet fleet,
            ResourceMonitor machine,
            SaturationDetector detector) {
        this.plan = plan;
        this.results = results;
        this.progress = progress;
        this.readings = readings;
        this.target = target;
        this.fleet = fleet;
        this.machine = machine;
        this.detector = detector;
    }

    /** Marks every step from now on as a refinement step. */
    void refining() {
        refining = true;
    }

    /** The bisection runs: its steps are judged at the counts it asks for, or not at all. */
    boolean inRefinement() {
        return refining;
    }

    /**
     * The step's result, its verdict still to be given, from what the live run gives now ({@link StepAssembler}
     * composes it); writes the benchmark's histogram logs.
     *
     * @param shardDomains the domains up on this shard; null when the process runs alone
     */
    StepResult assemble(OpenedStep step, StepMeasurement m, Integer shardDomains, double leaderlessSec) {
        if (m.run() != null) {
            try {
                m.run().writeHistogramLogs(results.resolve(ResultFiles.HISTOGRAMS), ResultFiles.stepLogs(step.step()));
            } catch (IOException e) {
                progress.line(
                        "warning: could not write the histogram logs of step %d: %s", step.step(), e.getMessage());
            }
        }
        // read in the order the step's figures always were: the end time before the servers' and machine's reads
        MetricsCoverage coverage = step.watch().coverage();
        FleetSnapshot after = fleet.snapshot();
        StepFleetData fleetData = step.before() == null ? null : StepFigures.fleet(step.before(), after);
        boolean settled = !m.phases().registrationOnly();
        List<List<StatsSample>> rounds = readings.since(m.settledFrom());
        DeliveredWork delivered = settled && step.step() > 0 ? delivered(m.settledFrom()) : null;
        Saturation found = m.kind() == StepMeasurement.Kind.REGISTRATION_ONLY ? null : detector.finding();
        Instant end = Instant.now();
        StepServerData server = serverData(rounds, m.health());
        StepAssembler.Gathered gathered = new StepAssembler.Gathered(
                after.executors(),
                after.jobs(),
                after.sessions(),
                fleetData,
                coverage,
                step.step() > 0 ? step.watch().burst() : null,
                step.watch().events().events(leaderlessSec, fleetData).withDeaths(machine.deaths()),
                found,
                Shortfall.of(delivered, rounds, plan.outstandingThreshold()).orElse(null),
                server,
                settled ? machine.end(rounds) : null,
                settled ? StepResourceFigures.stages(rounds) : null,
                delivered);
        return StepAssembler.assemble(
                plan, step.step(), step.start(), end, m, gathered, shardDomains, leaderlessSec, refining);
    }

    /** The job fires due since the load settled, judged as far as their time to deliver is over. */
    private DeliveredWork delivered(Instant settledFrom) {
        JobFires f = fleet.jobFires(settledFrom, Instant.now());
        double judged =
                Math.max(0, Duration.between(settledFrom, f.judgedUntil()).toMillis() / 1000.0);
        return new DeliveredWork(f.due(), f.delivered(), Math.round(judged * 10) / 10.0);
    }

    /**
     * Appends the step to steps.jsonl (flushed) and says it on the console, with the ensemble's events if any. A step
     * stopped while its domains registered shows the runner's health over its registration: it has no settled load.
     */
    void record(StepResult r) {
        results.appendStep(r);
        StepServerData s = r.server();
        List<String> events = new ArrayList<>(StopRules.disturbances(r));
        if (r.ensembleEvents() != null) {
            r.ensembleEvents()
                    .connectionsRefused()
                    .forEach((server, n) -> events.add(server + " refused " + Plural.of(n, "connection")));
        }
        GeneratorHealth health =
                r.registrationOnly() && r.generatorDuringAdd() != null ? r.generatorDuringAdd() : r.generator();
        progress.stepRecorded(
                r,
                String.format(
                        Locale.ROOT,
                        "step %d: %s, %d sessions, leader outstanding avg %s max %s, %s — %s%s",
                        r.step(),
                        Plural.domains(r.domains()),
                        r.sessions(),
                        s == null ? "n/a" : s.outstandingAvg(),
                        s == null ? "n/a" : s.outstandingMax(),
                        GeneratorMonitor.summary(health),
                        r.verdict().json().toUpperCase(Locale.ROOT),
                        events.isEmpty() ? "" : " (" + String.join("; ", events) + ")"));
    }

    /** The servers' counters over the settled load, with the embedded leader's CPU and memory beside them. */
    private StepServerData serverData(List<List<StatsSample>> rounds, GeneratorHealth health) {
        Optional<StatsSample> leader = readings.leader();
        Double cpu = leader.map(l -> health.serversCpuPercent().get(l.server().hostPort()))
                .orElse(null);
        Long rss = target.ensemble()
                .flatMap(e -> leader.map(l -> {
                    int id = target.servers().indexOf(l.server()) + 1;
                    long bytes = id < 1 ? -1 : e.processStats(id).rssBytes();
                    return bytes < 0 ? null : bytes;
                }))
                .orElse(null);
        return StepFigures.serverData(rounds, null, cpu, rss);
    }
}
