package dev.zkload.runner.report;

import dev.zkload.bench.ops.Op;
import dev.zkload.bench.result.OpStats;
import dev.zkload.runner.result.StepResult;
import java.util.Optional;

/** How the report names a step and finds its operations: the 2017 report's naming. */
final class StepLabels {
    private StepLabels() {}

    /** The baseline is {@code bm-0}, the ramp's steps are {@code load-N}. */
    static String id(StepResult step) {
        return step.id();
    }

    /**
     * Id and domains, e.g. {@code load-3 (300)}, or {@code load-6 (250, refinement)} for a step of the bisection
     * after the grid: the column heading of the per-step tables and charts.
     */
    static String label(StepResult step) {
        return id(step) + " (" + step.domains() + (step.refinement() ? ", refinement" : "") + ")";
    }

    static Optional<OpStats> op(StepResult step, Op op) {
        return Optional.ofNullable(step.ops().get(op.jsonName()));
    }
}
