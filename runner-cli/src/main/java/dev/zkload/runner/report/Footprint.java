package dev.zkload.runner.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * What one domain costs the ensemble: either the model's expectation ({@code run.json}
 * model.expectedPerDomain) or what a step measured ({@code steps.jsonl} footprintPerDomain). Counts
 * per domain, rates in operations per second per domain; null where the file has no value.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record Footprint(Double znodes, Double watches, Double ephemerals, Double sessions, Double writesPerSec,
                 Double readsPerSec) {
}
