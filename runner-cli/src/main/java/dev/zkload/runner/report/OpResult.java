package dev.zkload.runner.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** One operation's benchmark result in one step: throughput in operations per second, latencies in ms. */
@JsonIgnoreProperties(ignoreUnknown = true)
record OpResult(Long count, Long errors, Double opsPerSec, Double p50Ms, Double p90Ms, Double p99Ms,
                Double p999Ms, Double maxMs) {
}
