package dev.zkload.runner.engine.ramp;

import dev.zkload.bench.ops.LatencyRun;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.bench.stats.StatsSampler;
import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.resources.ResourceMonitor;
import dev.zkload.runner.engine.run.Target;
import dev.zkload.runner.progress.Progress;
import dev.zkload.runner.result.ConnectionLimit;
import dev.zkload.runner.result.GeneratorHealth;
import dev.zkload.runner.result.RampSummary;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.ResultWriter;
import dev.zkload.runner.result.ServerCheck;
import dev.zkload.runner.result.StepPhases;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepServerData;
import dev.zkload.runner.result.StepVerdict;
import dev.zkload.runner.result.StopReason;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.DomainStartException;
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
 * The ramp engine: a baseline benchmark on the empty ensemble, then domains added step by step until
 * the leader saturates under the settled load, the runner itself becomes the bottleneck, a fault
 * disturbs the ensemble, domains cannot be added, errors pass the limit, the target is reached, or
 * the user interrupts.
 *
 * <p>Each step has three phases: the domains register (the burst: recorded, never judged), the load
 * settles, and it is measured (the seven-op benchmark, then watching until the settled load has been
 * observed for the sustain time). Saturation and the runner's health are judged on the settled load
 * only; the ensemble's events (elections, stalled servers, cut sessions) in every phase, a fault while
 * the domains register included. Every finished step is on disk before the next begins.
 *
 * <p>Over 400 lines: it is the one place that sequences a step's phases, and each of them
 * (adding, watching, benchmarking, recording, judging, a short add's notes) is already a class of its own.
 */
public final class Ramp {
    private final RampPlan plan;
    private final Target target;
    private final ResultWriter results;
    private final Progress progress;
    private final GeneratorMonitor monitor;
    private final StatsClient stats;
    private final SaturationDetector detector;
    /** The machine's and the servers' resources over each step's settled load. */
    private final ResourceMonitor machine;

    private volatile LeaderGaps leaderGaps = new LeaderGaps(0);
    private final List<StepResult> steps = new ArrayList<>();
    private ServerReadings readings;
    private RampProgress status;
    private StepBench bench;
    private StepRecorder recorder;
    private StepServerData baseline;
    private volatile StepWatch watch;
    private int domainsUp;
    private Resolution resolution = Resolution.DEFAULT;
    /** Each server's maxClientCnxns as the preflight read it, by host:port. */
    private Map<String, ConnectionLimit> connectionLimits = Map.of();
    /** Servers refusing this runner's connections, watched through each step. */
    private ConnectionRefusals refusals;
    /** What ends a step's waits and benchmark early. */
    private StepStops stops;
    /** The ramp ended because no leader served: what the fleet wrote may be left on the ensemble. */
    private volatile boolean quorumLost;
    /** Past the baseline: saturation now ends a step's benchmark early. */
    private volatile boolean underLoad;
    /** The step being run holds fewer domains than its grid count (its add ran out of time); else null. */
    private ShortAdd shortAdd;
    /** What the summary says before its own qualifications: the steps judged at fewer domains than planned. */
    private final List<String> notes = new ArrayList<>();

    public Ramp(
            RampPlan plan,
            Target target,
            ResultWriter results,
            Progress progress,
            GeneratorMonitor monitor,
            StatsClient stats) {
        this.plan = plan;
        this.target = target;
        this.results = results;
        this.progress = progress;
        this.monitor = monitor;
        this.stats = stats;
        this.detector = new SaturationDetector(plan.outstandingThreshold(), plan.sustain());
        this.watch = new StepWatch(detector, 0);
        this.machine = new ResourceMonitor(target.servers(), target.ensemble().orElse(null), target.prometheus());
    }

    /** How narrow the bisection after a saturated grid makes the answer (by default 10%). */
    public Ramp resolution(Resolution r) {
        resolution = r;
        return this;
    }

    /**
     * The servers as the preflight found them: their connection limits are named when a server refuses
     * connections, and the voters their membership lists let a majority that does not serve count as
     * no leader.
     */
    public Ramp servers(List<ServerCheck> checks) {
        Map<String, ConnectionLimit> limits = new HashMap<>();
        checks.forEach(c -> limits.put(c.server(), c.maxClientCnxns()));
        connectionLimits = limits;
        int voters = ServerCheck.voters(checks);
        leaderGaps = new LeaderGaps(voters);
        watch = new StepWatch(detector, voters);
        return this;
    }

    public RampSummary run(DomainFleet fleet) throws IOException {
        refusals = new ConnectionRefusals(stats, target.servers(), connectionLimits, fleet::snapshot);
        StatsSampler sampler = !plan.serverMetrics()
                ? null
                : StatsSampler.builder()
                        .servers(target.servers())
                        .client(stats)
                        .interval(Duration.ofSeconds(1))
                        .csv(results.resolve(ResultFiles.METRICS))
                        .listener(this::onSamples)
                        .lateness(monitor.samplerLagListener())
                        .processCpu(machine::cpuSeconds)
                        .build();
        readings = new ServerReadings(sampler, stats, target.servers());
        status = new RampProgress(
                progress,
                plan.loadSteps(),
                plan.outstandingThreshold(),
                sampler == null ? null : () -> watch.lastOutstanding(),
                monitor::recentCpuPercentOfShare);
        stops = new StepStops(detector, () -> leaderGaps.current(Instant.now()), refusals, p -> status.phase(p));
        bench = new StepBench(
                plan,
                target.connectString().toString(),
                target.security(),
                readings::leader,
                stops::phase,
                w -> progress.line("warning: %s", stops.benchFailure(w)),
                () -> stops.refused().isPresent());
        recorder = new StepRecorder(plan, results, progress, readings, target, fleet, machine);
        try {
            if (sampler != null) {
                sampler.start();
            }
            status.start();
            return steps(fleet);
        } finally {
            status.close();
            if (sampler != null) {
                sampler.close();
            }
        }
    }

    /** True when the ramp stopped because the ensemble had no leader (so cleaning up may have failed). */
    public boolean quorumLost() {
        return quorumLost;
    }

    private RampSummary steps(DomainFleet fleet) {
        int k = 0;
        try {
            ShardSchedule.await(plan, 0, progress, status);
            // the fleet's root and admin session exist before the baseline reading: they belong to no domain
            fleet.start();
            baseline(fleet);
            for (k = 1; ; k++) {
                ShardSchedule.await(plan, k, progress, status);
                Optional<RampSummary> end = loadStep(k, plan.domainsAt(k), fleet);
                if (end.isPresent()) {
                    return refine(end.get(), k, fleet).qualifiedFirstBy(notes);
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

    private void baseline(DomainFleet fleet) throws InterruptedException {
        status.step(0, 0);
        status.phase("measuring");
        Instant start = Instant.now();
        StepWatch w = newWatch();
        w.settledFrom(start);
        monitor.begin();
        machine.begin();
        baseline = readings.settled();
        LatencyRun run = bench.runUnlessLeaderless(leaderGaps.current(Instant.now()));
        boolean interrupted = Thread.interrupted();
        readings.round();
        FleetSnapshot now = fleet.snapshot();
        StepResult r = recorder.assemble(
                new StepRecorder.Measured(
                        0,
                        0,
                        start,
                        StepFigures.phases(start, start, start),
                        w,
                        start,
                        monitor.end(),
                        null,
                        run,
                        null,
                        null,
                        now,
                        detector.finding(),
                        shardDomains()),
                leaderless());
        finish(r.withVerdict(interrupted ? StepVerdict.INTERRUPTED : StepVerdict.BASELINE), interrupted);
    }

    /** One load step; the summary when the ramp ends after it. */
    private Optional<RampSummary> loadStep(int k, int domains, DomainFleet fleet) throws InterruptedException {
        underLoad = true;
        status.step(k, domains);
        stops.beginStep(domains);
        Instant start = Instant.now();
        FleetSnapshot before = fleet.snapshot();
        StepWatch w = newWatch();
        monitor.begin();
        Optional<RampSummary> failed;
        try {
            failed = add(fleet, domains, before, w);
        } catch (ConnectionRefusals.Refused e) {
            // the limit gets the verdict it gets in the other phases, though no load settled to judge
            var m = StepRecorder.Measured.registrationOnly(
                    k, domains, start, w, monitor, before, fleet.snapshot(), shardDomains());
            finish(recorder.assemble(m, leaderless()).serverLimit(refusals.counts()), false);
            return Optional.of(summary(StopReason.SERVER_REFUSED_CONNECTIONS, e.getMessage()));
        }
        if (failed.isPresent()) {
            return failed;
        }
        int held = shortAdd == null ? domains : shortAdd.held();
        if (shortAdd != null) {
            status.holding(held);
            stops.holding(held);
        }
        Instant added = Instant.now();
        GeneratorHealth duringAdd = monitor.end();
        monitor.begin();
        machine.begin();
        w.settledFrom(added);

        stops.phase("settling");
        long zxid = readings.leaderZxid();
        stops.watchFor(plan.settle());
        Double writes = readings.writesPerDomain(zxid, added, held);
        Instant measured = Instant.now();
        stops.phase("measuring");
        StepServerData settled = readings.settled();
        LatencyRun run = bench.runUnlessLeaderless(leaderGaps.current(Instant.now()));
        boolean interrupted = Thread.interrupted();
        if (!interrupted && plan.serverMetrics()) {
            // every verdict rests on the sustain time of observed settled load, however short --settle is
            stops.phase("observing");
            stops.watchFor(Duration.between(Instant.now(), added.plus(plan.sustain())));
            interrupted = Thread.interrupted();
        }
        readings.round();
        StepPhases phases = StepFigures.phases(start, added, measured);
        StepResult r = recorder.assemble(
                new StepRecorder.Measured(
                        k,
                        held,
                        start,
                        phases,
                        w,
                        added,
                        monitor.end(),
                        duringAdd,
                        run,
                        StepFigures.footprint(baseline, settled, held, writes),
                        before,
                        fleet.snapshot(),
                        detector.finding(),
                        shardDomains()),
                leaderless());
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
    private RampSummary refine(RampSummary grid, int k, DomainFleet fleet) throws InterruptedException {
        Optional<Bisection> bisection = Refinement.after(grid, plan, resolution, steps);
        if (bisection.isEmpty()) {
            return grid;
        }
        recorder.refining();
        status.refining();
        var r = Refinement.run(bisection.get(), resolution, k, steps, (n, d) -> loadStep(n, d, fleet), progress);
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

    /**
     * Adds this process's share of the step's domains; the summary when they cannot be added. A fault
     * during the add is gone through ({@link AddRecovery}), and the step judged on it like any other.
     *
     * @throws ConnectionRefusals.Refused when a server refuses the registering sessions
     */
    private Optional<RampSummary> add(DomainFleet fleet, int domains, FleetSnapshot before, StepWatch w)
            throws InterruptedException {
        int mine = plan.shard().share(domains);
        int from = domainsUp;
        if (mine < from) { // a refinement step below the domains up: the surplus goes, and the load settles
            status.phase("removing " + Plural.domains(from - mine) + ", the others' job runs held");
            fleet.removeDomains(from - mine);
            domainsUp = mine;
            return Optional.empty();
        }
        long started = System.nanoTime();
        AddRecovery recovery = new AddRecovery(fleet, before, w, leaderGaps, readings, progress);
        int added;
        try {
            added = new DomainAdder(
                            refusals.guard(fleet, domains),
                            recovery,
                            plan.addRate(),
                            plan.sessionsPerDomain(),
                            plan.addTimeout())
                    .add(mine - from, n -> status.up(plan.shard().alone() ? from + n : domains));
        } catch (DomainStartException e) {
            return Optional.of(summary(
                    StopReason.CANNOT_ADD_DOMAINS, "could not add domains up to " + domains + ": " + e.getMessage()));
        }
        domainsUp = from + added;
        if (added < mine - from && !recovery.stopped()) {
            ShortAdd cut =
                    ShortAdd.of(domainsUp, mine, Duration.ofNanos(System.nanoTime() - started), plan.addTimeout());
            // a bisection asks for one count (it cannot judge another), and shards judge the whole grid step
            if (added == 0 || recorder.inRefinement() || !plan.shard().alone()) {
                return Optional.of(
                        summary(StopReason.CANNOT_ADD_DOMAINS, cut.unjudgedMessage(domains, plan.addRate())));
            }
            shortAdd = cut;
            progress.line("%s: the step is judged at the %d that did", cut.why(), domainsUp);
        }
        return Optional.empty();
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
        if (bench != null
                && leaderGaps.current(Instant.now()).compareTo(StopRules.LEADERLESS_LIMIT) >= 0
                && bench.cut()) {
            status.phase("no leader: ending the benchmark");
        }
    }

    private double leaderless() {
        return leaderGaps.longestAndReset(Instant.now()).toMillis() / 1000.0;
    }

    private Integer shardDomains() {
        return plan.shard().alone() ? null : domainsUp;
    }

    private RampSummary summary(StopReason reason, String message) {
        return CapacityVerdict.summarize(reason, message, steps, plan, target.embedded());
    }
}
