package dev.zkload.runner.result;

/**
 * What one domain costs the servers, measured: a settled reading of the step minus the baseline
 * reading, divided by the domains (counts per domain, rates per second per domain; null where not
 * observed). The model's expectation has the same fields ({@code run.json} model.expectedPerDomain).
 */
public record Footprint(
        double znodes, double watches, double ephemerals, Double sessions, Double writesPerSec, Double readsPerSec) {}
