package dev.zkload.runner.engine.ramp;

import dev.zkload.bench.ops.LatencyBenchmark;
import dev.zkload.bench.ops.LatencyConfig;
import dev.zkload.bench.ops.LatencyListener;
import dev.zkload.bench.ops.LatencyRun;
import dev.zkload.bench.ops.Op;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.bench.threads.DaemonThreads;
import dev.zkload.zk.ZkClientSecurity;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The seven-op benchmark of one step, against the bench target, on its own thread so that
 * saturation can cut it short: against a saturated leader thousands of synchronous calls per
 * operation take an hour and add nothing. Cut short (or on Ctrl-C) it keeps the operations that
 * finished. The step's own end (a server refusing connections) is polled twice a second while it runs, and cuts
 * it the same way; a step already ending gets no benchmark.
 */
final class StepBench {
    private static final long POLL_MS = 500;

    private final RampPlan plan;
    private final String connectString;
    private final ZkClientSecurity security;
    private final Supplier<Optional<StatsSample>> leader;
    private final Consumer<String> phase;
    private final Consumer<String> warning;
    private final BooleanSupplier stepEnding;
    private volatile Thread thread;
    /** The running benchmark was cut already: once, so that its clean-up is not cut short as well. */
    private final AtomicBoolean cut = new AtomicBoolean();

    /**
     * @param leader     the leader as the sampler last saw it, for {@code --bench-target leader}
     * @param phase      told which operation runs, for the progress line
     * @param warning    told why a benchmark failed
     * @param stepEnding whether the step is ending before its measurement is over
     */
    StepBench(
            RampPlan plan,
            String connectString,
            ZkClientSecurity security,
            Supplier<Optional<StatsSample>> leader,
            Consumer<String> phase,
            Consumer<String> warning,
            BooleanSupplier stepEnding) {
        this.plan = plan;
        this.connectString = connectString;
        this.security = security;
        this.leader = leader;
        this.phase = phase;
        this.warning = warning;
        this.stepEnding = stepEnding;
    }

    /**
     * The step's benchmark; none on a shard that does not benchmark, in a step already ending, or with no leader for
     * longer than an election (calls to a leaderless ensemble each wait out the client's timeout and measure nothing).
     *
     * @param leaderless how long the ensemble has been without a leader now
     */
    LatencyRun runUnlessLeaderless(Duration leaderless) {
        if (!plan.shard().benchmarks() || stepEnding.getAsBoolean()) {
            return null;
        }
        if (leaderless.compareTo(StopRules.LEADERLESS_LIMIT) >= 0) {
            warning.accept("no benchmark: the ensemble has had no leader for " + leaderless.toSeconds() + " s");
            return null;
        }
        return run();
    }

    /** Runs the benchmark and returns its result; null when it failed (the warning says why). */
    private LatencyRun run() {
        RampPlan.BenchSize size = plan.bench();
        LatencyConfig config = LatencyConfig.builder(target())
                .security(security)
                .znodeCount(size.znodeCount())
                .znodeSize(size.znodeSize())
                .warmup(size.warmup())
                .timeLimit(size.timeLimit())
                .perServer(plan.benchTarget() == RampPlan.BenchTarget.EACH)
                .root(plan.root() + "/bench")
                .force(true)
                .build();
        FutureTask<LatencyRun> task = new FutureTask<>(() -> LatencyBenchmark.run(config, new LatencyListener() {
            @Override
            public void warmingUp(String target) {
                phase.accept("warming up");
            }

            @Override
            public void phaseStarted(String target, Op op, int count) {
                phase.accept("measuring " + op.jsonName());
            }
        }));
        Thread t = DaemonThreads.start("zkload-step-benchmark", task);
        cut.set(false);
        thread = t;
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get(POLL_MS, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    if (stepEnding.getAsBoolean()) {
                        cut();
                    }
                } catch (InterruptedException e) {
                    // Ctrl-C: the benchmark ends its phase and cleans up; wait for that, then pass it on
                    interrupted = true;
                    cut(); // once, whoever asks: a second interrupt would cut short its clean-up
                }
            }
        } catch (ExecutionException e) {
            warning.accept("the latency benchmark failed: " + e.getCause().getMessage());
            return null;
        } finally {
            thread = null;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Ends the running benchmark after its current call, keeping what it measured; true if one was running and
     * this call cut it. The saturation detector asks every second while saturated, but the benchmark is cut once:
     * a second interrupt would cut short its removal of its znodes.
     */
    boolean cut() {
        Thread t = thread;
        if (t != null && cut.compareAndSet(false, true)) {
            t.interrupt();
            return true;
        }
        return false;
    }

    /** The leader alone (the 2017 report's figures), the whole ensemble, or each server (as connect string). */
    private String target() {
        if (plan.benchTarget() == RampPlan.BenchTarget.LEADER) {
            Optional<StatsSample> l = leader.get();
            if (l.isPresent()) {
                return l.get().server().hostPort();
            }
        }
        return connectString;
    }
}
