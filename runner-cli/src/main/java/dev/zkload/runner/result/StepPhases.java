package dev.zkload.runner.result;

/**
 * How long each phase of a step took, seconds: registering the step's domains (the burst), waiting
 * for the load to settle, and measuring it (the benchmark, and watching until the settled load has
 * been observed for the sustain time).
 */
public record StepPhases(double addSec, double settleSec, double measureSec) {
    static final StepPhases NONE = new StepPhases(0, 0, 0);
}
