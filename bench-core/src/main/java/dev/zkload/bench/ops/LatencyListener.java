package dev.zkload.bench.ops;

import dev.zkload.bench.result.OpStats;

/** Progress of a benchmark run, for a progress line. Called on the benchmark's thread. */
public interface LatencyListener {
    LatencyListener NONE = new LatencyListener() {};

    /** The unrecorded warm-up of {@code target} begins. */
    default void warmingUp(String target) {}

    default void phaseStarted(String target, Op op, int count) {}

    default void phaseFinished(String target, Op op, OpStats stats) {}
}
