package dev.zkload.runner.engine.disrupt;

import dev.zkload.bench.stats.StatsSample;
import dev.zkload.bench.stats.StatsSampler;
import dev.zkload.runner.engine.experiment.Level;
import dev.zkload.runner.engine.experiment.Sweep;
import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.runner.result.LevelResult;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.RunKind;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.DomainStartException;
import dev.zkload.sim.FleetSnapshot;
import dev.zkload.sim.ModelFile;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.zookeeper.KeeperException;

/**
 * {@code disrupt}: what a fault costs at a given load. At each level the fleet holds that many domains,
 * settles while the servers are sampled every second (the steady state the recovery is judged
 * against), then the fault strikes; the level ends when the ensemble and the fleet are back
 * ({@link RecoveryJudge}) or the recovery timeout passes. A probe session runs the seven operations in
 * small cycles throughout ({@link FaultProbe}), so the level's operations are what a client met from
 * the fault to the recovery.
 */
public final class DisruptSweep implements Sweep.Experiment {
    /** The ramp's interval: a round's deadline (four fifths of it) must not pass for a loaded server's answer. */
    private static final Duration ROUND = Duration.ofSeconds(1);

    private final PreparedRun run;
    private final DisruptPlan plan;
    private final ModelFile model;
    private final Consumer<String> status;
    private final List<Moment> moments = new ArrayList<>();
    private StatsSampler sampler;
    private volatile DomainFleet fleet;
    private FaultProbe probe;
    private FaultInjector injector;
    private TimelineCsv timeline;

    /**
     * The experiment of one run.
     *
     * @param status told what the level is doing, a line at a time
     */
    public DisruptSweep(PreparedRun run, DisruptPlan plan, ModelFile model, Consumer<String> status) {
        this.run = run;
        this.plan = plan;
        this.model = model;
        this.status = status;
    }

    @Override
    public RunKind kind() {
        return RunKind.DISRUPT;
    }

    @Override
    public Sweep.LevelPlan levels() {
        return Sweep.LevelPlan.of(plan.levels());
    }

    @Override
    public void open(List<String> notes) throws KeeperException, InterruptedException, IOException {
        sampler = StatsSampler.builder()
                .servers(run.target().servers())
                .client(run.stats())
                .interval(ROUND)
                .csv(run.results().resolve(ResultFiles.METRICS))
                .listener(this::offer)
                .build();
        sampler.start();
        timeline = new TimelineCsv(run.results().resolve(TimelineCsv.FILE));
        injector = new FaultInjector(
                plan, run.target().ensemble().orElse(null), run.results().dir());
        probe = new FaultProbe(
                run.target().connectString().toString(),
                run.target().security(),
                plan.connectTimeout(),
                run.root() + "/probe");
        probe.start();
    }

    private void offer(List<StatsSample> round) {
        DomainFleet f = fleet;
        if (f != null && !round.isEmpty()) {
            Moment m = Moment.of(round, f.snapshot());
            synchronized (moments) {
                moments.add(m);
            }
        }
    }

    private List<Moment> since(Instant from) {
        synchronized (moments) {
            return moments.stream().filter(m -> !m.time().isBefore(from)).toList();
        }
    }

    @Override
    public LevelResult measure(int index, Level level, GeneratorMonitor monitor)
            throws KeeperException, InterruptedException, IOException {
        Instant start = Instant.now();
        List<String> notes = new ArrayList<>();
        hold((int) level.value(), monitor);
        status.accept("level " + index + ": " + level.value() + " domains held; settling for "
                + plan.settle().toSeconds() + " s");
        Instant settleStart = Instant.now();
        monitor.begin();
        TimeUnit.MILLISECONDS.sleep(plan.settle().toMillis());
        probe.window();
        Instant faultStart = Instant.now();
        List<Moment> settled = since(settleStart);
        FleetSnapshot before = fleet.snapshot();
        status.accept("level " + index + ": " + plan.describe());
        String injected = injector.inject(index);
        Instant faultEnd = Instant.now();
        notes.add("Fault: " + injected + ".");
        RecoveryJudge judge = new RecoveryJudge(faultStart, faultEnd, FaultFigures.baseline(settled), DisruptPlan.HOLD);
        RecoveryJudge.Recovery recovery = judge.judge(since(faultStart));
        Instant deadline = faultEnd.plus(plan.recoveryTimeout());
        while (recovery.recovered() == null && Instant.now().isBefore(deadline)) {
            TimeUnit.MILLISECONDS.sleep(ROUND.toMillis());
            recovery = judge.judge(since(faultStart));
        }
        var ops = probe.window();
        FleetSnapshot after = fleet.snapshot();
        var health = monitor.end();
        List<Moment> fault = since(faultStart);
        if (recovery.recovered() != null) {
            // the level's figures end where it recovered, not where the waiting for the hold ended
            Instant end = faultStart.plus(recovery.recovered());
            fault = fault.stream().filter(m -> !m.time().isAfter(end)).toList();
        } else {
            notes.add("Not recovered within --recovery-timeout "
                    + plan.recoveryTimeout().toSeconds() + " s of the fault's end: " + missing(since(faultStart))
                    + ".");
        }
        Map<String, Double> measured =
                FaultFigures.of(settled, fault, Duration.between(faultStart, faultEnd), recovery, before, after, notes);
        if (plan.strikesLeader() && Double.valueOf(0).equals(measured.get("leaderlessMs"))) {
            notes.add("No round of the servers' statistics (one a second) fell in the election: the time"
                    + " without a leader was shorter than a round, not none.");
        }
        timeline.append(level.value(), faultStart, since(settleStart));
        return new LevelResult(
                index, level.label(), level.value(), start, Instant.now(), measured, notes, ops, health, false);
    }

    @Override
    public Map<String, Double> answer(List<LevelResult> done) {
        return DisruptAnswer.of(done);
    }

    @Override
    public List<String> answerLines(Map<String, Double> answer) {
        return DisruptAnswer.lines(answer);
    }

    /** Brings the fleet to {@code domains}: started on the first level, grown or shrunk on the others. */
    private void hold(int domains, GeneratorMonitor monitor) throws InterruptedException, IOException {
        try {
            if (fleet == null) {
                DomainFleet f = run.fleet(model, monitor).build();
                f.start();
                fleet = f;
            }
            int now = fleet.snapshot().domains();
            if (domains > now) {
                status.accept("adding " + (domains - now) + " domains");
                fleet.addDomains(domains - now);
            } else if (domains < now) {
                fleet.removeDomains(now - domains);
            }
        } catch (DomainStartException e) {
            throw new IOException("the domains could not be added: " + e.getMessage(), e);
        }
    }

    /** What the last round still lacked, in words. */
    private static String missing(List<Moment> rounds) {
        if (rounds.isEmpty()) {
            return "no round of the servers' statistics came after the fault";
        }
        Moment last = rounds.get(rounds.size() - 1);
        List<String> lacking = new ArrayList<>();
        if (!last.leads()) {
            lacking.add("no server leads");
        }
        if (last.serversAnswering() < last.servers()) {
            lacking.add((last.servers() - last.serversAnswering()) + " server(s) do not answer");
        }
        if (!last.sessionsBack()) {
            lacking.add(last.sessionsConnected() + " of " + last.sessionsExpected() + " sessions connected");
        } else if (rounds.stream()
                .filter(m -> !m.time().isBefore(last.time().minus(DisruptPlan.HOLD)))
                .anyMatch(m -> m.sessionsLostSince(last))) {
            lacking.add("sessions still being lost and back between rounds ("
                    + (last.sessionsLost() - rounds.get(0).sessionsLost()) + " losses and expiries since the fault)");
        }
        return lacking.isEmpty() ? "the footprint is below the one before the fault" : String.join(", ", lacking);
    }

    @Override
    public void close(List<String> notes) {
        if (probe != null) {
            probe.close(notes);
        }
        if (fleet != null) {
            fleet.close();
        }
        if (sampler != null) {
            sampler.close();
        }
    }
}
