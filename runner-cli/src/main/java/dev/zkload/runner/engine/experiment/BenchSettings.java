package dev.zkload.runner.engine.experiment;

import dev.zkload.bench.ops.LatencyBenchmark;
import dev.zkload.bench.ops.LatencyConfig;
import dev.zkload.bench.ops.LatencyListener;
import dev.zkload.bench.ops.LatencyRun;
import dev.zkload.bench.result.OpStats;
import dev.zkload.bench.result.TargetResult;
import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.runner.result.GeneratorHealth;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The seven-op benchmark an experiment runs at each level.
 *
 * @param znodes         znodes per operation
 * @param size           bytes of data per znode (an experiment sweeping the size sets its own)
 * @param warmup         unrecorded calls of each operation before it is measured
 * @param time           the longest one operation runs, or null for no limit
 * @param connectTimeout how long a session may take to connect
 */
public record BenchSettings(int znodes, int size, int warmup, Duration time, Duration connectTimeout) {

    /**
     * What the benchmark measured at one level.
     *
     * @param ops         by operation; empty if the benchmark ended before its first one
     * @param health      the runner's health while it ran
     * @param interrupted Ctrl-C cut it short (the thread's interrupt flag is set again)
     */
    record Outcome(Map<String, OpStats> ops, GeneratorHealth health, boolean interrupted) {}

    /** The same benchmark over {@code count} znodes (and at most as many warm-up calls). */
    BenchSettings withZnodes(int count) {
        return new BenchSettings(count, size, Math.min(warmup, count), time, connectTimeout);
    }

    /** Runs the benchmark with znodes of {@code bytes}, judging the runner's health over it. */
    Outcome measure(PreparedRun run, int bytes, LatencyListener listener, GeneratorMonitor monitor) throws IOException {
        monitor.begin();
        LatencyRun bench = LatencyBenchmark.run(config(run, bytes), listener);
        GeneratorHealth health = monitor.end();
        boolean interrupted = Thread.currentThread().isInterrupted();
        List<TargetResult> targets = bench.report().targets();
        return new Outcome(targets.isEmpty() ? Map.of() : targets.get(0).ops(), health, interrupted);
    }

    /** The benchmark at this run's target, in {@code bench} under its root, with znodes of {@code bytes}. */
    private LatencyConfig config(PreparedRun run, int bytes) {
        return LatencyConfig.builder(run.target().connectString().toString())
                .security(run.target().security())
                .root(run.root() + "/bench")
                .znodeCount(znodes)
                .znodeSize(bytes)
                .warmup(warmup)
                .timeLimit(time)
                .connectTimeout(connectTimeout)
                .force(true)
                .build();
    }
}
