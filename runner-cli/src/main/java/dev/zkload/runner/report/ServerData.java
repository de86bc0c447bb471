package dev.zkload.runner.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The leader's counters at the end of a step, as the ramp wrote them. {@code cpuPercent} (percent of
 * one core) and {@code rssBytes} are null when the servers are not local; sizes are in bytes.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record ServerData(Long znodes, Long watches, Long connections, Long ephemerals, Double outstandingAvg,
                  Long outstandingMax, Double avgLatencyMs, Double maxLatencyMs, Long approximateDataSize,
                  Double cpuPercent, Long rssBytes) {
}
