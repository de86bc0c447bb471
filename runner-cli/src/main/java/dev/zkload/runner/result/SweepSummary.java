package dev.zkload.runner.result;

import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An experiment's {@code summary.json}, written last.
 *
 * @param schemaVersion   the results schema it was written with
 * @param command         the experiment
 * @param levelsRequested how many levels the sweep was asked for
 * @param levelsFinished  how many it measured in full
 * @param stopReason      why it ended
 * @param stopDetail      one sentence about the end, or null
 * @param answer          the sweep's answer beside its levels, by name (e.g. {@code maxRate}); empty when
 *                        the experiment has none, and without any value it did not observe
 * @param endTime         when it ended
 * @param notes           what the experiment could not observe or clean up, in words
 * @param thresholds      every {@code --threshold}, judged
 */
public record SweepSummary(
        int schemaVersion,
        String command,
        int levelsRequested,
        int levelsFinished,
        Stop stopReason,
        String stopDetail,
        Map<String, Double> answer,
        Instant endTime,
        List<String> notes,
        List<ThresholdResult> thresholds) {

    public SweepSummary {
        answer = answer == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(answer));
        notes = notes == null ? List.of() : List.copyOf(notes);
        thresholds = thresholds == null ? List.of() : List.copyOf(thresholds);
    }

    public SweepSummary withThresholds(List<ThresholdResult> judged) {
        return new SweepSummary(
                schemaVersion,
                command,
                levelsRequested,
                levelsFinished,
                stopReason,
                stopDetail,
                answer,
                endTime,
                notes,
                judged);
    }

    /** Why a sweep ended; the names are the {@code stopReason} values of its {@code summary.json}. */
    public enum Stop {
        COMPLETED("completed"),
        INTERRUPTED("interrupted"),
        ERRORS("errors");

        private final String json;

        Stop(String json) {
            this.json = json;
        }

        @JsonValue
        public String json() {
            return json;
        }
    }
}
