package dev.zkload.runner.result;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How a saturated step's leader met the saturation rule, over the sustain window that ended in it: the
 * {@code saturation} of a line of steps.jsonl. A step whose domains' work fell short while the leader's queue
 * stayed under the threshold is saturated too ({@link Rule#SHORTFALL}): its figures are then the settled load's.
 *
 * @param rule       which part of the rule was met
 * @param aboveShare the share of the window's samples at or above the outstanding threshold, 0–1
 * @param mean       the window's mean outstanding requests
 * @param countedMean the same mean with each sample counted up to twice the threshold, as the averaged rule
 *                    counts it, so that one burst's thousands do not lift it; null in results written before
 *                    it was recorded
 */
public record Saturation(Rule rule, double aboveShare, double mean, Double countedMean) {
    /** The mean as the rule counts it; the plain mean where the counted one was not recorded. */
    public double judgedMean() {
        return countedMean != null ? countedMean : mean;
    }

    /**
     * A step whose job fires were delivered short of {@code share} of those due, its queue figures those of the
     * whole settled load.
     */
    public static Saturation shortfall(double aboveShare, double mean) {
        return new Saturation(Rule.SHORTFALL, aboveShare, mean, null);
    }

    /** The ways a step is saturated: two of the leader's queue, one of the work done. */
    public enum Rule {
        /** At or above the threshold in at least 90% of the window's samples: the 2017 report's "stays above". */
        HELD("held"),
        /**
         * Averaged at or above the threshold over the window (each sample counted up to twice the threshold),
         * though below it in more than a tenth of the samples: a queue swinging around a level above the line.
         */
        AVERAGED("averaged"),
        /**
         * The queue met neither, but fewer than 95% of the job fires due were delivered: requests were held back
         * where the queue does not show it (a throttle), or they failed.
         */
        SHORTFALL("shortfall");

        private final String json;

        Rule(String json) {
            this.json = json;
        }

        @JsonValue
        public String json() {
            return json;
        }
    }
}
