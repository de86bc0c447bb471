package dev.zkload.runner.result;

import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Instant;
import java.util.List;

/**
 * An experiment's {@code summary.json}, written last.
 *
 * @param command         the experiment
 * @param levelsRequested how many levels the sweep was asked for
 * @param levelsFinished  how many it measured in full
 * @param stopReason      why it ended
 * @param stopDetail      one sentence about the end, or null
 * @param endTime         when it ended
 */
public record SweepSummary(
        String command,
        int levelsRequested,
        int levelsFinished,
        Stop stopReason,
        String stopDetail,
        Instant endTime,
        List<String> notes) {

    public SweepSummary {
        notes = notes == null ? List.of() : List.copyOf(notes);
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
