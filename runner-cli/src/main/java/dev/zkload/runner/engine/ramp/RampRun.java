package dev.zkload.runner.engine.ramp;

import dev.zkload.bench.ops.LatencyRun;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.bench.stats.StatsSampler;
import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.resources.HostWindow;
import dev.zkload.runner.engine.resources.ResourceMonitor;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.runner.engine.run.RunListener;
import dev.zkload.runner.engine.run.Target;
import dev.zkload.runner.result.ConnectionLimit;
import dev.zkload.runner.result.GeneratorHealth;
import dev.zkload.runner.result.HostUsage;
import dev.zkload.runner.result.RampSummary;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.ServerCheck;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepServerData;
import dev.zkload.runner.result.StepVerdict;
import dev.zkload.runner.result.StopReason;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.FleetSnapshot;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One ramp on one fleet, from the baseline to its summary: the steps and their phases, in order. Its
 * collaborators are made once, here, for this run: each step's adding ({@link StepAdds}), waiting
 * ({@link StepStops}), benchmarking ({@link StepBench}), recording ({@link StepRecorder}) and judging
 * ({@link StopRules}) is a class of its own; what changes from step to step is below them: the order of a
 * step's phases, and what one phase hands the next, read in one place.
 */
final class RampRun {
    private final RampPlan plan;
    private final Target target;
    private final RunListener progress;
    private final GeneratorMonitor monitor;
    private final DomainFleet fleet;
    private final SaturationDetector detector;
    /** The machine's and the servers' resources over each step's settled load. */
    private final ResourceMonitor machine;

    private final LeaderGaps leaderGaps;
    /** Servers refusing this runner's connections, watched through each step. */
    private final ConnectionRefusals refusals;
    /** Null with {@code --no-server-metrics}. */
    private final StatsSampler sampler;

    private final ServerReadings readings;
    private final RampProgress status;
    /** What ends a step's waits and benchmark early. */
    private final StepStops stops;

    private final StepBench bench;
    private final StepRecorder recorder;
    private final StepAdds adds;

    private final List<StepResult> steps = new ArrayList<>();
    /** What the summary says before its own qualifications: the steps judged at fewer domains than planned. */
    private final List<String> notes = new ArrayList<>();

    private volatile StepWatch watch;
    private StepServerData baseline;
    /** The ramp ended because no leader served: what the fleet wrote may be left on the ensemble. */
    private volatile boolean quorumLost;
    /** Past the baseline: saturation now ends a step's benchmark early. */
    private volatile boolean underLoad;
    /** The step being run holds fewer domains than its grid count (its add ran out of time); else null. */
    private ShortAdd shortAdd;

    /**
     * Makes the run's collaborators; the sampler they read is started by {@link #run()}, so that none of
     * them hears of a round before all of them are made.
     */
    RampRun(RampPlan plan, PreparedRun run, RunListener progress, GeneratorMonitor monitor, DomainFleet fleet) {
        this.plan = plan;
        this.target = run.target();
        this.progress = progress;
        this.monitor = monitor;
        this.fleet = fleet;
        this.detector = new SaturationDetector(plan.outstandingThreshold(), plan.sustain());
        this.machine = new ResourceMonitor(target.servers(), target.ensemble().orElse(null), target.prometheus());
        int voters = ServerCheck.voters(run.servers());
        this.leaderGaps = new LeaderGaps(voters);
        this.watch = new StepWatch(detector, voters);
        // each server's maxClientCnxns as the preflight read it, named when a server refuses connections
        Map<String, ConnectionLimit> limits = new HashMap<>();
        run.servers().forEach(c -> limits.put(c.server(), c.maxClientCnxns()));
        this.refusals = new ConnectionRefusals(run.stats(), target.servers(), limits, fleet::snapshot);
        this.sampler = !plan.serverMetrics()
                ? null
                : StatsSampler.builder()
                        .servers(target.servers())
                        .client(run.stats())
                        .interval(Duration.ofSeconds(1))
                        .csv(run.results().resolve(ResultFiles.METRICS))
                        .listener(this::onSamples)
                        .lateness(monitor.samplerLagListener())
                        .processCpu(machine::cpuSeconds)
                        .build();
        this.readings = new ServerReadings(sampler, run.stats(), target.servers());
        this.status = new RampProgress(
                progress,
                plan.loadSteps(),
                plan.outstandingThreshold(),
                sampler == null ? null : () -> watch.lastOutstanding(),
                monitor::recentCpuPercentOfShare);
        this.stops = new StepStops(detector, () -> leaderGaps.current(Instant.now()), refusals, status::phase);
        this.bench = new StepBench(
                plan,
                target.connectString().toString(),
                target.security(),
                readings::leader,
                stops::phase,
                w -> progress.line("warning: %s", stops.benchFailure(w)),
                () -> stops.refused().isPresent());
        this.recorder = new StepRecorder(plan, run.results(), progress, readings, target, fleet, machine, detector);
        this.adds = new StepAdds(plan, fleet, refusals, leaderGaps, readings, status, progress);
    }

    RampSummary run() throws IOException {
        try {
            if (sampler != null) {
                sampler.start();
            }
            status.start();
            return steps();
        } finally {
            status.close();
            if (sampler != null) {
                sampler.close();
            }
            machine.close();
        }
    }

    /** True when the ramp stopped because the ensemble had no leader (so cleaning up may have failed). */
    boolean quorumLost() {
        return quorumLost;
    }

    private RampSummary steps() {
        int k = 0;
        try {
            ShardSchedule.await(plan, 0, progress, status);
            // the fleet's root and admin session exist before the baseline reading: they belong to no domain
            fleet.start();
            baseline();
            for (k = 1; ; k++) {
                ShardSchedule.await(plan, k, progress, status);
                Optional<RampSummary> end = loadStep(k, plan.domainsAt(k));
                if (end.isPresent()) {
                    return refine(end.get(), k).qualifiedFirstBy(notes);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (shortAdd != null) { // Ctrl-C before the short step was judged
                notes.add(shortAdd.interruptedNote(k));
            }
            return summary(StopReason.INTERRUPTED, "interrupted during step " + k)
                    .qualifiedFirstBy(notes);
        }
    }

    private void baseline() throws InterruptedException {
        status.step(0, 0);
        status.phase("measuring");
        OpenedStep step = OpenedStep.baseline(Instant.now(), newWatch());
        step.watch().settledFrom(step.start());
        monitor.begin();
        machine.begin();
        baseline = readings.settled();
        LatencyRun run = bench.runUnlessLeaderless(leaderGaps.current(Instant.now()));
        boolean interrupted = Thread.interrupted();
        readings.round();
        StepMeasurement m = StepMeasurement.baseline(step, monitor.end(), run);
        StepResult r = recorder.assemble(step, m, shardDomains(), leaderless());
        finish(r.withVerdict(interrupted ? StepVerdict.INTERRUPTED : StepVerdict.BASELINE), interrupted);
    }

    /** One load step; the summary when the ramp ends after it. */
    private Optional<RampSummary> loadStep(int k, int domains) throws InterruptedException {
        underLoad = true;
        status.step(k, domains);
        stops.beginStep(domains);
        Instant start = Instant.now();
        FleetSnapshot before = fleet.snapshot();
        OpenedStep step = new OpenedStep(k, start, newWatch(), before);
        monitor.begin();
        HostWindow addHost = machine.hostWindow();
        StepAdds.Added added;
        try {
            added = adds.add(domains, step.before(), step.watch(), recorder.inRefinement());
        } catch (ConnectionRefusals.Refused e) {
            // the limit gets the verdict it gets in the other phases, though no load settled to judge
            var m = StepMeasurement.registrationOnly(step, domains, monitor, addHost);
            finish(recorder.assemble(step, m, shardDomains(), leaderless()).serverLimit(refusals.counts()), false);
            return Optional.of(summary(StopReason.SERVER_REFUSED_CONNECTIONS, e.getMessage()));
        }
        if (added.cannot().isPresent()) {
            return Optional.of(
                    summary(StopReason.CANNOT_ADD_DOMAINS, added.cannot().get()));
        }
        shortAdd = added.shortBy();
        int held = shortAdd == null ? domains : shortAdd.held();
        if (shortAdd != null) {
            status.holding(held);
            stops.holding(held);
        }
        Instant up = Instant.now();
        GeneratorHealth duringAdd = monitor.end();
        HostUsage hostDuringAdd = addHost.end();
        monitor.begin();
        machine.begin();
        step.watch().settledFrom(up);

        stops.phase("settling");
        long zxid = readings.leaderZxid();
        stops.watchFor(plan.settle());
        Double writes = readings.writesPerDomain(zxid, up, held);
        Instant measured = Instant.now();
        stops.phase("measuring");
        StepServerData settled = readings.settled();
        LatencyRun run = bench.runUnlessLeaderless(leaderGaps.current(Instant.now()));
        boolean interrupted = Thread.interrupted();
        if (!interrupted && plan.serverMetrics()) {
            // every verdict rests on the sustain time of observed settled load, however short --settle is
            stops.phase("observing");
            stops.watchFor(Duration.between(Instant.now(), up.plus(plan.sustain())));
            interrupted = Thread.interrupted();
        }
        readings.round();
        var m = StepMeasurement.settled(
                step,
                held,
                up,
                measured,
                monitor.end(),
                duringAdd,
                hostDuringAdd,
                run,
                StepFigures.footprint(baseline, settled, held, writes));
        StepResult r = recorder.assemble(step, m, shardDomains(), leaderless());
        ShortAdd shortBy = shortAdd;
        shortAdd = null;
        if (shortBy != null) { // noted first: Ctrl-C during the judgement ends the ramp from judge()
            notes.add(shortBy.judgedNote(k));
        }
        Optional<RampSummary> end = judge(r, interrupted);
        if (shortBy == null || end.isPresent()) {
            return end;
        }
        StepVerdict judged = steps.get(steps.size() - 1).verdict();
        return Optional.of(
                summary(StopReason.CANNOT_ADD_DOMAINS, shortBy.stopMessage(judged, domains, plan.addRate())));
    }

    /** After a saturated grid, its answer narrowed by bisection ({@link Refinement}); else the grid's end. */
    private RampSummary refine(RampSummary grid, int k) throws InterruptedException {
        Optional<Bisection> bisection = Refinement.after(grid, plan, plan.resolution(), steps);
        if (bisection.isEmpty()) {
            return grid;
        }
        recorder.refining();
        status.refining();
        var r = Refinement.run(bisection.get(), plan.resolution(), k, steps, this::loadStep, progress);
        return CapacityVerdict.summarize(
                r.stopReason(grid), r.message(grid), steps, plan, target.embedded(), r.summary());
    }

    /** Records the step with its verdict; the summary when the ramp stops after it. */
    private Optional<RampSummary> judge(StepResult r, boolean interrupted) throws InterruptedException {
        if (interrupted) {
            finish(r.withVerdict(StepVerdict.INTERRUPTED), true);
        }
        refusals.otherLimits().ifPresent(w -> progress.line("warning: %s", w));
        // asked afresh: a server's own count of refusals, read once it answers again, is better than "closes"
        Optional<String> refused = refusals.refused(r.domains(), true).or(stops::refused);
        if (refused.isPresent()) {
            finish(r.serverLimit(refusals.counts()), false);
            return Optional.of(summary(StopReason.SERVER_REFUSED_CONNECTIONS, refused.get()));
        }
        StopRules.Judgement j = StopRules.judge(r, plan);
        finish(r.withVerdict(j.verdict()), false);
        if (j.stop().isEmpty()) {
            return Optional.empty();
        }
        quorumLost = r.leaderlessSec() >= StopRules.LEADERLESS_LIMIT.toSeconds();
        return Optional.of(summary(j.stop().get().reason(), j.stop().get().message()));
    }

    private StepWatch newWatch() {
        StepWatch w = watch.next();
        watch = w;
        return w;
    }

    private void finish(StepResult r, boolean interrupted) throws InterruptedException {
        steps.add(r);
        recorder.record(r);
        if (interrupted) {
            throw new InterruptedException();
        }
    }

    private void onSamples(List<StatsSample> round) {
        refusals.offer(round);
        leaderGaps.offer(round);
        watch.offer(round);
        if (underLoad && detector.saturated() && bench.cut()) {
            status.phase("saturated: ending the benchmark");
        }
        // calls to a hung majority each wait out the client's timeout: a benchmark without a leader measures nothing
        if (leaderGaps.current(Instant.now()).compareTo(StopRules.LEADERLESS_LIMIT) >= 0 && bench.cut()) {
            status.phase("no leader: ending the benchmark");
        }
    }

    private double leaderless() {
        return leaderGaps.longestAndReset(Instant.now()).toMillis() / 1000.0;
    }

    private Integer shardDomains() {
        return plan.shard().alone() ? null : adds.up();
    }

    private RampSummary summary(StopReason reason, String message) {
        return CapacityVerdict.summarize(reason, message, steps, plan, target.embedded());
    }
}
