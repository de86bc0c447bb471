package dev.zkload.runner.engine.experiment;

import dev.zkload.bench.ops.TreeFill;
import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.runner.result.GeneratorHealth;
import dev.zkload.runner.result.LevelResult;
import dev.zkload.runner.result.RunKind;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * {@code max-rate}: the highest throughput at which latency stays under a bound — the method of
 * load tests that ask "how fast, at what latency" rather than "how fast at all". Each level is one
 * rate, held open-loop for a while; it passes when its p99 (from each call's intended start) is
 * within the bound, the ensemble completed at least {@value MaxRatePlan#ACHIEVED_SHARE} of the
 * calls the schedule asked for, no call failed, and the runner was not the bottleneck. The rates
 * come from a {@link RateSearch}: doubled or halved until one passes and the next fails, then
 * bisected.
 */
public final class MaxRateSweep implements Sweep.Experiment, Sweep.LevelPlan {
    private static final Duration SESSION_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration WARM_UP = Duration.ofSeconds(3);

    private final PreparedRun run;
    private final MaxRatePlan plan;
    private final RateSearch search;
    private final String poolRoot;
    private final List<ZooKeeper> sessions = new ArrayList<>();
    private OpenLoop load;

    public MaxRateSweep(PreparedRun run, MaxRatePlan plan) {
        this.run = run;
        this.plan = plan;
        this.search = new RateSearch(plan.firstRate(), plan.precision(), plan.maxProbes());
        this.poolRoot = run.root() + "/pool";
    }

    @Override
    public Sweep.LevelPlan levels() {
        return this;
    }

    @Override
    public RunKind kind() {
        return RunKind.MAX_RATE;
    }

    @Override
    public void open(List<String> notes) throws KeeperException, InterruptedException, IOException {
        for (int i = 0; i < plan.clients(); i++) {
            sessions.add(RunSessions.open(run, SESSION_TIMEOUT, plan.connectTimeout(), null));
        }
        ZooKeeper first = sessions.get(0);
        first.create(poolRoot, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        TreeFill.fill(first, poolRoot, 0, plan.pool(), new byte[plan.size()]);
        List<String> pool = new ArrayList<>();
        for (long i = 0; i < plan.pool(); i++) {
            pool.add(TreeFill.path(poolRoot, i));
        }
        load = new OpenLoop(sessions, plan.mix(), pool, plan.size(), plan.maxOutstanding());
        // the first calls of a cold runner and server (class loading, JIT) are not the ensemble's rate
        load.run(Math.min(plan.firstRate(), 1000), WARM_UP);
    }

    @Override
    public Optional<Level> next(List<LevelResult> done) {
        OptionalLong rate = search.next();
        return rate.isPresent() ? Optional.of(new Level(rate.getAsLong() + "/s", rate.getAsLong())) : Optional.empty();
    }

    @Override
    public int requested() {
        return -1;
    }

    @Override
    public LevelResult measure(int index, Level level, GeneratorMonitor monitor) throws InterruptedException {
        Instant start = Instant.now();
        monitor.begin();
        OpenLoop.Result held;
        boolean interrupted = false;
        try {
            held = load.run(level.value(), plan.hold());
        } catch (InterruptedException e) {
            interrupted = true;
            held = null;
        }
        GeneratorHealth health = monitor.end();
        if (interrupted) {
            Thread.currentThread().interrupt();
            return new LevelResult(
                    index,
                    level.label(),
                    level.value(),
                    start,
                    Instant.now(),
                    Map.of(),
                    List.of("Ctrl-C while this rate was held."),
                    Map.of(),
                    health,
                    true);
        }
        Map<String, Double> measured = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        double achieved = held.achievedPerSecond();
        double p99Ms = held.all().getValueAtPercentile(99) / 1000.0;
        long errors = held.ops().values().stream().mapToLong(s -> s.errors()).sum();
        measured.put("targetRate", (double) level.value());
        measured.put("achievedRate", Sweep.round(achieved, 1));
        measured.put("p50Ms", held.all().getValueAtPercentile(50) / 1000.0);
        measured.put("p99Ms", p99Ms);
        double boundMs = plan.p99Bound().toNanos() / 1e6;
        boolean passed = true;
        if (p99Ms > boundMs) {
            passed = false;
            notes.add("p99 " + p99Ms + " ms is above the bound of " + boundMs + " ms.");
        }
        if (achieved < MaxRatePlan.ACHIEVED_SHARE * level.value()) {
            passed = false;
            notes.add("the ensemble completed " + Sweep.round(achieved, 1) + " calls/s, below "
                    + Math.round(MaxRatePlan.ACHIEVED_SHARE * 100) + "% of the " + level.value() + " asked for.");
        }
        if (errors > 0) {
            passed = false;
            notes.add(errors + " calls failed.");
        }
        if (health.bound()) {
            passed = false;
            notes.add("the runner itself was the bottleneck (" + String.join(", ", health.reasons())
                    + "): this rate is not the ensemble's answer either way.");
        }
        measured.put("passed", passed ? 1.0 : 0.0);
        // a rate the runner could not drive is a ceiling of this search too: the answer stays below it, and
        // the level's note says the ceiling was the runner's
        search.record(level.value(), passed);
        return new LevelResult(
                index, level.label(), level.value(), start, Instant.now(), measured, notes, held.ops(), health, false);
    }

    @Override
    public Map<String, Double> answer(List<LevelResult> done) {
        Map<String, Double> answer = new LinkedHashMap<>();
        search.answer().ifPresent(rate -> answer.put("maxRate", (double) rate));
        answer.put("converged", search.converged() ? 1.0 : 0.0);
        return answer;
    }

    @Override
    public void close(List<String> notes) {
        if (search.answer().isEmpty()) {
            notes.add("No rate held: the answer is below the lowest rate tried.");
        } else if (!search.converged()) {
            notes.add("The search ended before the highest rate that held and the lowest that did not were within"
                    + " --precision: the answer is a lower bound.");
        }
        if (!sessions.isEmpty()) {
            RunSessions.removeTrees(sessions.get(0), notes, poolRoot);
        }
        RunSessions.closeAll(sessions);
    }
}
