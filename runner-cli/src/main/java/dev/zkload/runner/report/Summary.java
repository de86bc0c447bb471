package dev.zkload.runner.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** The outcome of a run ({@code summary.json}); absent while a run is going or after it was killed. */
@JsonIgnoreProperties(ignoreUnknown = true)
record Summary(Integer maxStableDomains, Integer saturatedAtDomains, String stopReason, Boolean interrupted,
               String endTime, Integer steps, String message) {
}
