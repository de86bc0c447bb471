package dev.zkload.runner.result;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * One {@code --threshold} judged after the run, as {@code summary.json} records it.
 *
 * @param threshold as the user wrote it (spaces removed)
 * @param status    pass, fail, or not-observed (which fails the run too: a gate never passes on what it could
 *                  not see)
 * @param value     the deciding measured value in the metric's base unit ({@code unit}), or null when not observed
 * @param unit      the base unit: {@code ms}, {@code /s}, {@code B}, or empty for counts and fractions
 * @param at        where the deciding value was measured ({@code load-2 (200 domains)}, a server), or null for the run
 * @param detail    one sentence: the value and where, or why it was not observed
 */
public record ThresholdResult(String threshold, Status status, Double value, String unit, String at, String detail) {

    /** How a threshold came out. */
    public enum Status {
        PASS("pass"),
        FAIL("fail"),
        /** The run did not observe what the threshold needs (a generator-bound or unobservable step, …). */
        NOT_OBSERVED("not-observed");

        private final String json;

        Status(String json) {
            this.json = json;
        }

        @JsonValue
        public String json() {
            return json;
        }
    }

    public boolean passed() {
        return status == Status.PASS;
    }
}
