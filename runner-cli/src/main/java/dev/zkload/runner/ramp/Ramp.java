package dev.zkload.runner.ramp;

import dev.zkload.bench.ensemble.ProcessStats;
import dev.zkload.bench.ops.LatencyBenchmark;
import dev.zkload.bench.ops.LatencyConfig;
import dev.zkload.bench.ops.LatencyListener;
import dev.zkload.bench.ops.LatencyRun;
import dev.zkload.bench.result.OpStats;
import dev.zkload.bench.result.TargetResult;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.bench.stats.StatsSampler;
import dev.zkload.runner.progress.Progress;
import dev.zkload.runner.result.ResultFolder;
import dev.zkload.runner.target.Target;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.DomainStartException;
import dev.zkload.sim.FleetSnapshot;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * The ramp: a baseline benchmark on the empty ensemble, then domains added step by step, each step
 * settled and measured while the load runs, until the leader saturates, domains cannot be added,
 * errors pass the limit, the target is reached, or the user interrupts. Every finished step is on
 * disk before the next begins.
 */
final class Ramp {
    private final RampSettings s;
    private final Target target;
    private final ResultFolder results;
    private final Progress progress;
    private final SaturationDetector detector;
    private final LeaderGaps leaderGaps = new LeaderGaps();
    private final StatsClient stats = new StatsClient(Duration.ofSeconds(2));
    private StatsSampler sampler;
    private StepServerData baseline;
    private int lastStable;
    private int stepsWritten;
    private volatile String phase = "starting";
    private volatile int domainsUp;
    private volatile int stepTarget;
    private volatile Thread benchThread;
    private final Shard shard;
    /** The ramp ended because no leader served: what the fleet wrote may be left on the ensemble. */
    private volatile boolean quorumLost;
    /** Past the baseline: saturation now ends a step's benchmark early. */
    private volatile boolean underLoad;

    Ramp(RampSettings s, Target target, ResultFolder results, Progress progress) {
        this.s = s;
        this.target = target;
        this.results = results;
        this.progress = progress;
        this.detector = new SaturationDetector(s.options().outstandingThreshold, s.options().sustain);
        this.shard = s.options().shard;
    }

    RampSummary run(DomainFleet fleet) throws IOException {
        sampler = StatsSampler.builder().servers(target.servers()).interval(Duration.ofSeconds(1))
                .csv(results.resolve("server-metrics.csv")).listener(this::onSamples).build();
        sampler.start();
        try {
            return steps(fleet);
        } finally {
            sampler.close();
        }
    }

    private RampSummary steps(DomainFleet fleet) {
        int step = 0;
        try {
            awaitSchedule(0);
            phase = "baseline";
            Instant start = Instant.now();
            StepResult base = measure(step, 0, start, null, fleet);
            append(base);
            underLoad = true;
            fleet.start();
            for (int domains = Math.min(s.options().step, s.options().domains); ;
                    domains = Math.min(domains + s.options().step, s.options().domains)) {
                step++;
                awaitSchedule(step);
                start = Instant.now();
                FleetSnapshot before = fleet.snapshot();
                stepTarget = domains;
                int mine = shard.share(domains);
                phase = "adding " + (mine - domainsUp) + " domains";
                try {
                    if (mine > domainsUp) {
                        fleet.addDomains(mine - domainsUp);
                    }
                } catch (DomainStartException e) {
                    // the sampler may not have seen it yet: ask the servers now
                    if (StatsSampler.leaderOf(sampler.sampleNow()).isEmpty()) {
                        quorumLost = true;
                        return summary(StopReason.ERRORS, null, "the ensemble lost its quorum while adding domains up to "
                                + domains + " (no server leads): " + e.getMessage());
                    }
                    return summary(StopReason.CANNOT_ADD_DOMAINS, null,
                            "could not add domains up to " + domains + ": " + e.getMessage());
                }
                domainsUp = mine;
                phase = "settling";
                long zxidBefore = leaderZxid();
                Instant settleStart = Instant.now();
                waitWatching(s.options().settle);
                Double writesPerSec = writesPerDomain(zxidBefore, settleStart, domains);
                phase = "measuring";
                StepResult result = measure(step, domains, start, before, fleet, writesPerSec);
                append(result);
                Optional<StopRules.Stop> stop = StopRules.judge(result, s.options());
                if (stop.isEmpty() || stop.get().reason() == StopReason.TARGET_REACHED) {
                    lastStable = domains; // a saturated step, or one with errors, is not stable
                }
                if (stop.isPresent()) {
                    quorumLost = result.leaderlessSec() >= StopRules.LEADERLESS_LIMIT.toSeconds();
                    return summary(stop.get().reason(), result.saturated() ? domains : null, stop.get().message());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return summary(StopReason.INTERRUPTED, null, "interrupted during step " + step + " (" + phase + ")");
        }
    }

    /** True when the ramp stopped because the ensemble had no leader (so cleaning up may have failed). */
    boolean quorumLost() {
        return quorumLost;
    }

    private StepResult measure(int step, int domains, Instant start, FleetSnapshot before, DomainFleet fleet)
            throws InterruptedException {
        return measure(step, domains, start, before, fleet, null);
    }

    /** Runs the seven-op benchmark under load and aggregates the step's samples. */
    private StepResult measure(int step, int domains, Instant start, FleetSnapshot before, DomainFleet fleet,
            Double writesPerSec) throws InterruptedException {
        // the footprint is read before the benchmark opens its own session and writes its znodes
        StepServerData settled = StepServerData.of(List.of(sampler.sampleNow()), null, null);
        if (step == 0) {
            baseline = settled;
        }
        Duration leaderless = leaderGaps.current(Instant.now());
        LatencyRun run = null;
        if (leaderless.compareTo(StopRules.LEADERLESS_LIMIT) < 0) {
            run = bench();
        } else {
            progress.line("warning: no benchmark in step %d: the ensemble has had no leader for %d s", step,
                    leaderless.toSeconds());
        }
        boolean interrupted = Thread.interrupted();
        // one round at the end of the step, so a step shorter than the sampling interval has its own data
        sampler.sampleNow();
        if (step == 0 && baseline != null) {
            baseline = baseline.withQuietestConnections(sampler.seriesSince(start));
        }
        ProcessStats leaderProcess = leaderProcess();
        StepServerData server = StepServerData.of(sampler.seriesSince(start),
                leaderProcess == null ? null : leaderProcess.cpuPercent(),
                leaderProcess == null ? null : leaderProcess.rssBytes());
        Map<String, OpStats> ops = run == null || run.report().targets().isEmpty() ? Map.of()
                : run.report().targets().get(0).ops();
        Map<String, Map<String, OpStats>> byTarget = new LinkedHashMap<>();
        long calls = 0;
        long errors = 0;
        if (run != null) {
            for (TargetResult t : run.report().targets()) {
                byTarget.put(t.target(), t.ops());
                for (OpStats o : t.ops().values()) {
                    calls += o.count();
                    errors += o.errors();
                }
            }
            try {
                run.writeHistogramLogs(results.resolve("latency"), String.format("step-%02d", step));
            } catch (IOException e) {
                progress.line("warning: could not write the histogram logs of step %d: %s", step, e.getMessage());
            }
        }
        Footprint footprint = step == 0 || baseline == null || settled == null ? null
                : Footprint.measured(baseline, settled, domains, writesPerSec);
        // the simulated sessions' events over the whole step, the measuring window included
        FleetSnapshot after = fleet.snapshot();
        StepResult result = new StepResult(step, domains, after.executors(), after.jobs(), after.sessions(), start,
                Instant.now(), server, footprint, ops, s.options().benchTarget == RampOptions.BenchTarget.EACH ? byTarget : null,
                before == null ? null : StepFleetData.between(before, after), calls == 0 ? 0 : (double) errors / calls,
                detector.saturated(), leaderGaps.longestAndReset(Instant.now()).toMillis() / 1000.0,
                shard.alone() ? null : domainsUp);
        if (interrupted) {
            append(result);
            throw new InterruptedException();
        }
        return result;
    }

    /**
     * The seven-op benchmark on its own thread, so that saturation can cut it short: against a
     * saturated leader 10,000 synchronous calls per op take an hour and add nothing. Cut short (or on
     * Ctrl-C) it keeps the phases that finished.
     */
    private LatencyRun bench() {
        if (!shard.benchmarks()) {
            return null;
        }
        LatencyConfig config = LatencyConfig.builder(benchTarget()).znodeCount(s.znodeCount()).znodeSize(s.znodeSize())
                .perServer(s.options().benchTarget == RampOptions.BenchTarget.EACH)
                .root(s.root() + "-latency").force(true).build();
        FutureTask<LatencyRun> task = new FutureTask<>(() -> LatencyBenchmark.run(config, new LatencyListener() {
            @Override
            public void phaseStarted(String t, dev.zkload.bench.ops.Op op, int count) {
                phase = "measuring " + op.jsonName();
            }
        }));
        Thread t = new Thread(task, "zkload-step-benchmark");
        benchThread = t;
        t.start();
        if (underLoad && detector.saturated()) {
            t.interrupt();
        }
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get();
                } catch (InterruptedException e) {
                    // Ctrl-C: the benchmark ends its phase and cleans up; wait for that, then pass it on
                    interrupted = true;
                    t.interrupt();
                }
            }
        } catch (ExecutionException e) {
            progress.line("warning: the latency benchmark failed: %s", e.getCause().getMessage());
            return null;
        } finally {
            benchThread = null;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** With shards: waits for the step's start on the shared wall-clock schedule. */
    private void awaitSchedule(int step) throws InterruptedException {
        if (shard.alone()) {
            return;
        }
        Instant at = Shard.stepStart(s.options().startAt, s.options().stepInterval, step);
        Duration wait = Duration.between(Instant.now(), at);
        if (wait.isNegative()) {
            progress.line("warning: step %d starts %d s behind the shared schedule (--step-interval too short?)", step,
                    wait.negated().toSeconds());
            return;
        }
        phase = "waiting for " + at;
        while (Instant.now().isBefore(at)) {
            Thread.sleep(Math.max(1, Duration.between(Instant.now(), at).toMillis()));
        }
    }

    /** The leader alone (the 2017 report's figures), the whole ensemble, or each server (as connect string). */
    private String benchTarget() {
        if (s.options().benchTarget == RampOptions.BenchTarget.LEADER) {
            Optional<StatsSample> leader = sampler.leader();
            if (leader.isPresent()) {
                return leader.get().server().hostPort();
            }
        }
        return target.connectString().toString();
    }

    private void waitWatching(Duration d) throws InterruptedException {
        Instant end = Instant.now().plus(d);
        // a saturated leader or a lost quorum ends the wait: the step is judged at once
        while (Instant.now().isBefore(end) && !detector.saturated()
                && leaderGaps.current(Instant.now()).compareTo(StopRules.LEADERLESS_LIMIT) < 0) {
            Thread.sleep(Math.min(1000, Math.max(1, Duration.between(Instant.now(), end).toMillis())));
        }
    }

    private void onSamples(List<StatsSample> round) {
        leaderGaps.offer(round);
        StatsSampler.leaderOf(round).ifPresent(l -> detector.offer(l.time(), l.stats().outstandingRequests()));
        Thread bench = benchThread;
        if (bench != null && underLoad && detector.saturated() && !bench.isInterrupted()) {
            bench.interrupt();
            phase = "saturated: ending the benchmark";
        }
        long outstanding = StatsSampler.leaderOf(round).map(l -> l.stats().outstandingRequests()).orElse(-1L);
        progress.status("step to %d domains: %s | domains up %d | outstanding %s (threshold %d)", stepTarget, phase,
                domainsUp, outstanding < 0 ? "?" : Long.toString(outstanding), s.options().outstandingThreshold);
    }

    private long leaderZxid() {
        Optional<StatsSample> leader = sampler.leader();
        if (leader.isEmpty()) {
            return -1;
        }
        try {
            return stats.summary(leader.get().server()).zxid();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** Write transactions per second per domain over the settle time, from the leader's zxid (same epoch only). */
    private Double writesPerDomain(long before, Instant since, int domains) {
        long after = leaderZxid();
        double seconds = Duration.between(since, Instant.now()).toMillis() / 1000.0;
        if (before < 0 || after < 0 || (before >>> 32) != (after >>> 32) || seconds <= 0) {
            return null;
        }
        return Math.round(100.0 * (after - before) / seconds / domains) / 100.0;
    }

    /** The embedded leader's process (CPU since the last reading, RSS); null for a remote ensemble. */
    private ProcessStats leaderProcess() {
        return target.ensemble().map(e -> {
            int id = e.leader();
            return id < 0 ? null : e.processStats(id);
        }).orElse(null);
    }

    private void append(StepResult step) {
        results.appendStep(step);
        stepsWritten++;
        progress.line("step %d: %d domains, %d sessions, leader outstanding avg %s max %s%s", step.step(), step.domains(),
                step.sessions(), step.server() == null ? "?" : step.server().outstandingAvg(),
                step.server() == null ? "?" : step.server().outstandingMax(), step.saturated() ? " — SATURATED" : "");
    }

    private RampSummary summary(StopReason reason, Integer saturatedAt, String message) {
        return new RampSummary(lastStable, saturatedAt, reason, reason == StopReason.INTERRUPTED, Instant.now(),
                stepsWritten, message);
    }
}
