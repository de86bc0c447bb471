package dev.zkload.runner.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.zkload.bench.ops.Op;
import java.util.Map;
import java.util.Optional;

/**
 * One finished step of the ramp (a line of {@code steps.jsonl}). {@code ops} is empty when the step was
 * interrupted before its benchmark ran; {@code footprintPerDomain} is null for the baseline step 0.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record StepRecord(int step, int domains, Integer executors, Integer jobs, Integer sessions, String startTime,
                  String endTime, ServerData server, Footprint footprintPerDomain, Map<String, OpResult> ops,
                  boolean saturated) {

    StepRecord {
        ops = ops == null ? Map.of() : Map.copyOf(ops);
    }

    /** The 2017 report's naming: the baseline is {@code bm-0}, the ramp's steps are {@code load-N}. */
    String id() {
        return step == 0 ? "bm-0" : "load-" + step;
    }

    /** Id and domains, e.g. {@code load-3 (300)}: the column heading of the per-step tables and charts. */
    String label() {
        return id() + " (" + domains + ")";
    }

    Optional<OpResult> op(Op op) {
        return Optional.ofNullable(ops.get(op.jsonName()));
    }

    boolean hasOps() {
        return !ops.isEmpty();
    }
}
