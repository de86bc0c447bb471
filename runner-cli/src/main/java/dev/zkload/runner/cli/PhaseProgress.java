package dev.zkload.runner.cli;

import dev.zkload.bench.ops.LatencyListener;
import dev.zkload.bench.ops.Op;
import dev.zkload.bench.result.OpStats;
import dev.zkload.runner.progress.Progress;

/** Shows which phase runs on which target. */
final class PhaseProgress implements LatencyListener {
    private final Progress progress;

    PhaseProgress(Progress progress) {
        this.progress = progress;
    }

    @Override
    public void phaseStarted(String target, Op op, int count) {
        progress.status("%s: %s x %d", target, op.jsonName(), count);
    }

    @Override
    public void phaseFinished(String target, Op op, OpStats stats) {
        progress.status("%s: %s done, %.0f ops/s", target, op.jsonName(), stats.opsPerSec());
    }
}
