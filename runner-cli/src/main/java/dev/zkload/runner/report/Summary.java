package dev.zkload.runner.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/** The outcome of a run ({@code summary.json}); absent while a run is going or after it was killed. */
@JsonIgnoreProperties(ignoreUnknown = true)
record Summary(Integer maxStableDomains, Integer saturatedAtDomains, Integer generatorBoundAtDomains, String stopReason,
               Boolean saturationObservable, String verdict, List<String> qualifications, Boolean interrupted,
               String endTime, Integer steps, String message) {

    Summary {
        qualifications = qualifications == null ? List.of() : List.copyOf(qualifications);
    }
}
