package dev.zkload.runner.ramp;

import dev.zkload.bench.ops.LatencyBenchmark;
import dev.zkload.bench.ops.LatencyConfig;
import dev.zkload.bench.ops.LatencyListener;
import dev.zkload.bench.ops.LatencyRun;
import dev.zkload.bench.ops.Op;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Consumer;

/**
 * The seven-op benchmark of one step, on its own thread so that saturation can cut it short:
 * against a saturated leader thousands of synchronous calls per operation take an hour and add
 * nothing. Cut short (or on Ctrl-C) it keeps the operations that finished.
 */
final class StepBench {
    private volatile Thread thread;

    /**
     * Runs the benchmark and returns its result; null when it failed (the warning says why).
     *
     * @param phase told which operation runs, for the progress line
     */
    LatencyRun run(LatencyConfig config, Consumer<String> phase, Consumer<String> warning) {
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
        Thread t = new Thread(task, "zkload-step-benchmark");
        thread = t;
        t.start();
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
            warning.accept("the latency benchmark failed: " + e.getCause().getMessage());
            return null;
        } finally {
            thread = null;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Ends the running benchmark after its current call, keeping what it measured; true if one was running. */
    boolean cut() {
        Thread t = thread;
        if (t != null && !t.isInterrupted()) {
            t.interrupt();
            return true;
        }
        return false;
    }
}
