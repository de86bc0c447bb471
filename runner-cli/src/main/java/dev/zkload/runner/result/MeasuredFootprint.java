package dev.zkload.runner.result;

/**
 * What one domain costs the servers, measured: a settled reading of the step minus the baseline
 * reading, divided by the domains (counts per domain, rates per second per domain; null where not
 * observed). The model's expectation, executor-sim's {@link dev.zkload.sim.Footprint}, has the same fields in the same
 * order ({@code run.json} model.expectedPerDomain); this one is the measured side, whose figures may be
 * missing.
 */
public record MeasuredFootprint(
        double znodes, double ephemerals, double watches, Double sessions, Double writesPerSec, Double readsPerSec) {}
