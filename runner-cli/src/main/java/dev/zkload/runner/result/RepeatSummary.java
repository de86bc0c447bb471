package dev.zkload.runner.result;

import java.util.List;

/**
 * {@code repeat.json}, beside the run folders of {@code --repeat N}: each run's answer and how far the
 * answers lie apart.
 *
 * @param runs                  each run in the order it ran
 * @param answered              runs whose answer is a capacity (the ramp saturated and judged some count stable)
 * @param minDomains            the least max stable domains among the answered runs; null when none answered
 * @param maxDomains            the most
 * @param medianDomains         their median
 * @param spreadDomains         max − min
 * @param spreadPercentOfMedian the spread, percent of the median
 * @param resolutionDomains     the widest interval a run's answer was narrowed to (its refinement's width, or the
 *                              grid's {@code --step} without one): what "the same answer" can mean
 * @param withinOneResolution   the spread is no wider than {@code resolutionDomains}; null when fewer than two
 *                              runs answered
 * @param verdict               the above in one sentence
 */
public record RepeatSummary(
        int schemaVersion,
        List<Run> runs,
        int answered,
        Integer minDomains,
        Integer maxDomains,
        Double medianDomains,
        Integer spreadDomains,
        Double spreadPercentOfMedian,
        int resolutionDomains,
        Boolean withinOneResolution,
        String verdict) {

    /**
     * One run of the repeat.
     *
     * @param folder           its results folder, relative to the repeat's
     * @param maxStableDomains its summary's
     * @param stopReason       its summary's
     * @param verdict          its summary's
     * @param conditions       what tells its conditions from another run's: its limit, its host's noise, how fast
     *                         the empty ensemble wrote and fsynced
     */
    public record Run(
            String folder, Integer maxStableDomains, StopReason stopReason, String verdict, RunConditions conditions) {}

    public RepeatSummary {
        runs = List.copyOf(runs);
    }
}
