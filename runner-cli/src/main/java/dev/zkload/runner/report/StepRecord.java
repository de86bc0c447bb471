package dev.zkload.runner.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.zkload.bench.ops.Op;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One finished step of the ramp (a line of {@code steps.jsonl}). {@code ops} is empty when the step was
 * interrupted before its benchmark ran; {@code footprintPerDomain} is null for the baseline step 0.
 * Fields an older file lacks are null.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record StepRecord(int step, int domains, Integer executors, Integer jobs, Integer sessions, String startTime,
                  String endTime, ServerData server, Footprint footprintPerDomain, Map<String, OpResult> ops,
                  boolean saturated, String verdict, Boolean generatorBound, Generator generator, Phases phases,
                  Burst burst) {

    StepRecord {
        ops = ops == null ? Map.of() : Map.copyOf(ops);
    }

    /** The runner's health over the step's settled load. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Generator(Double shareCores, Double cpuPercentOfShare, Long gcPauseMaxMs, Lag fireLag, Lag samplerLag,
                     Map<String, Double> serversCpuPercent, List<String> reasons) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Lag(Long count, Double p50Ms, Double p99Ms, Double maxMs) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Phases(Double addSec, Double settleSec, Double measureSec) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Burst(Double outstandingAvg, Long outstandingMax) {
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
