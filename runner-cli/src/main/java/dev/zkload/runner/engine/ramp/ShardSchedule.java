package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.engine.run.RunListener;
import java.time.Duration;
import java.time.Instant;

/** With shards: every shard's step k begins at the same wall-clock time, {@code --start-at} plus k step intervals. */
final class ShardSchedule {
    private ShardSchedule() {}

    /** Waits for the step's start on the shared schedule; at once when alone, or with a warning when behind it. */
    static void await(RampPlan plan, int step, RunListener progress, RampProgress status) throws InterruptedException {
        if (plan.shard().alone()) {
            return;
        }
        Instant at = Shard.stepStart(plan.startAt(), plan.stepInterval(), step);
        Duration wait = Duration.between(Instant.now(), at);
        if (wait.isNegative()) {
            progress.line(
                    "warning: step %d starts %d s behind the shared schedule (--step-interval too short?)",
                    step, wait.negated().toSeconds());
            return;
        }
        status.phase("waiting for " + at);
        while (Instant.now().isBefore(at)) {
            Thread.sleep(Math.max(1, Duration.between(Instant.now(), at).toMillis()));
        }
    }
}
