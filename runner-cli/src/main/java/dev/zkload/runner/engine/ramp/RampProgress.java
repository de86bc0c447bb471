package dev.zkload.runner.engine.ramp;

import dev.zkload.bench.threads.DaemonThreads;
import dev.zkload.runner.engine.run.RunListener;
import dev.zkload.runner.text.Durations;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * The ramp's live status line, redrawn every second: which step of how many, its phase, the domains
 * up while they register, the leader's queue against the threshold, and an estimate of the time
 * left, and the runner's own CPU (of its share: near 100% it is the bottleneck), e.g.
 * {@code step 2/7 200 dom: adding, 120 up | out 12/300 | cpu 41% | ~41m left}, and during the refinement
 * {@code refining at 150 dom: settling | out 280/300 | cpu 38%}. It fits an 80-column
 * terminal (the console cuts what does not).
 */
final class RampProgress implements AutoCloseable {
    private final RunListener progress;
    private final int loadSteps;
    private final long threshold;
    private final LongSupplier outstanding;
    private final DoubleSupplier runnerCpu;
    private final Instant start = Instant.now();
    private ScheduledExecutorService ticker;
    private volatile int step;
    private volatile int target;
    private volatile String phase = "starting";
    private volatile int up = -1;
    private volatile Instant stepStart = start;
    private volatile Instant firstLoadStep;
    /** The bisection after the grid: its steps are not of the grid's count, and how many it takes is not known. */
    private volatile boolean refining;

    /**
     * @param outstanding the leader's last outstanding requests, -1 when unknown; null when metrics are off
     * @param runnerCpu   the runner's recent CPU, percent of its share
     */
    RampProgress(
            RunListener progress, int loadSteps, long threshold, LongSupplier outstanding, DoubleSupplier runnerCpu) {
        this.progress = progress;
        this.loadSteps = loadSteps;
        this.threshold = threshold;
        this.outstanding = outstanding;
        this.runnerCpu = runnerCpu;
    }

    void start() {
        ticker = Executors.newSingleThreadScheduledExecutor(DaemonThreads.factory("zkload-progress"));
        var unused =
                ticker.scheduleAtFixedRate(() -> progress.status("%s", line(Instant.now())), 1, 1, TimeUnit.SECONDS);
    }

    void step(int k, int domains) {
        step = k;
        target = domains;
        up = -1;
        stepStart = Instant.now();
        if (k == 1) {
            firstLoadStep = stepStart;
        }
    }

    /** From now on the steps are the refinement's: named so, without a count of steps or a time left. */
    void refining() {
        refining = true;
    }

    /** The step holds fewer domains than it set out to add (its add ran out of time). */
    void holding(int domains) {
        target = domains;
        up = -1;
    }

    void phase(String name) {
        phase = name;
    }

    /** Domains of the whole run up so far while a step adds them. */
    void up(int domains) {
        up = domains;
    }

    String line(Instant now) {
        StringBuilder b = new StringBuilder();
        b.append(
                        step == 0
                                ? "baseline"
                                : refining
                                        ? "refining at " + target + " dom"
                                        : "step " + step + "/" + loadSteps + " " + target + " dom")
                .append(": ")
                .append(phase);
        if (up >= 0 && phase.startsWith("adding")) {
            b.append(", ").append(up).append(" up");
        }
        if (outstanding == null) {
            b.append(" | no server metrics");
        } else {
            long out = outstanding.getAsLong();
            b.append(" | out ")
                    .append(out < 0 ? "?" : Long.toString(out))
                    .append('/')
                    .append(threshold);
        }
        b.append(String.format(Locale.ROOT, " | cpu %.0f%%", runnerCpu.getAsDouble()));
        eta(now).ifPresent(left -> b.append(" | ~").append(left).append(" left"));
        return b.toString();
    }

    /** From the load steps finished so far: their mean length times the steps still to come, minus this one's time. */
    private java.util.Optional<String> eta(Instant now) {
        Instant first = firstLoadStep;
        int done = step - 1;
        if (first == null || done < 1 || refining) {
            return java.util.Optional.empty();
        }
        Duration mean = Duration.between(first, stepStart).dividedBy(done);
        Duration left = mean.multipliedBy(loadSteps - done).minus(Duration.between(stepStart, now));
        return java.util.Optional.of(Durations.hoursMinutes(left.isNegative() ? Duration.ZERO : left));
    }

    @Override
    public void close() {
        if (ticker != null) {
            ticker.shutdownNow();
        }
    }
}
