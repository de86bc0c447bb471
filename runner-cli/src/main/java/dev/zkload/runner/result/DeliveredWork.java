package dev.zkload.runner.result;

/**
 * Whether the ensemble did the domains' work over a step's settled load: the simulated job fires that came
 * due and how many were delivered (their runs done within their run time plus 10 s). Exact on an ensemble
 * that keeps up (every fire delivered); short where sessions were cut, requests failed, or requests queued for
 * seconds — at a saturated leader, or at a throttle that raises none of the counters the saturation rule
 * reads. The {@code delivered} of a line of steps.jsonl.
 *
 * @param firesDue       fires that came due in the judged part of the window
 * @param firesDelivered of those, fires whose runs were done in time
 * @param judgedSec      how much of the settled load was judged, s: fires due in its last seconds may still be
 *                       running when the step ends, and are not counted
 */
public record DeliveredWork(long firesDue, long firesDelivered, double judgedSec) {
    /** Delivered over due, 0–1; null when no fire was due. */
    public Double share() {
        return firesDue == 0 ? null : (double) firesDelivered / firesDue;
    }
}
