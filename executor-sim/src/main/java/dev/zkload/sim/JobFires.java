package dev.zkload.sim;

import java.time.Instant;

/**
 * The simulated jobs' fires that came due in a window, and how many of them were delivered: their runs
 * done within their run time plus ten seconds of the due instant. On an ensemble that keeps up every fire
 * is delivered; a share below one means the domains' work fell short (sessions cut, requests failing, or
 * requests queued for seconds at a throttled or saturated server), whatever the server's own counters say.
 *
 * <pre>{@code
 * JobFires f = fleet.jobFires(from, Instant.now());
 * if (f.due() > 0 && f.deliveredShare() < 0.95) { ... }   // the ensemble did not carry the load
 * }</pre>
 *
 * @param due        fires that came due in the window and whose time to deliver is over
 * @param delivered  of those, fires whose runs were done in time
 * @param judgedUntil the end of the part of the window judged: fires due after it may still be delivered and are
 *                   not counted yet
 */
public record JobFires(long due, long delivered, Instant judgedUntil) {
    /**
     * Delivered over due, 0–1.
     *
     * @return the share delivered; NaN when no fire was due
     */
    public double deliveredShare() {
        return due == 0 ? Double.NaN : (double) delivered / due;
    }
}
