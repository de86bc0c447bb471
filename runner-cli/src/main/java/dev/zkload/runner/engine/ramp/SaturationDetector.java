package dev.zkload.runner.engine.ramp;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Decides when the ensemble is saturated: the leader's outstanding requests at or above the
 * threshold for the sustain time (the 2017 report: "outstanding stays above 300 for a long time,
 * the cluster becomes unstable"). "For the sustain time" means: samples cover at least that long,
 * and of the samples in the trailing window of that length at least {@value #SHARE_PERCENT}% are
 * at or above the threshold. A saturated leader's queue drains for a moment now and then (one
 * sample of 40 among a minute of 500s, seen on this machine); those single dips must not reset the
 * clock, while a load that stays above only 80% of the time (the report's load-3, averaging 293)
 * is not saturation.
 *
 * <p>"At or above" rather than strictly above, so that {@code --outstanding-threshold 0} forces
 * saturation on an idle ensemble, which is how a user checks the stop path. A sample where the
 * leader did not answer is not offered: an unreachable leader is the errors rule's business.
 * Thread-safe: the sampler's thread feeds it, the ramp's restarts and reads it.
 */
public final class SaturationDetector {
    static final int SHARE_PERCENT = 90;

    private record Sample(Instant time, boolean above) {}

    private final long threshold;
    private final Duration sustain;
    private final Deque<Sample> window = new ArrayDeque<>();
    private int above;
    private Instant firstSample;
    private Instant streakStart;
    private Instant saturatedAt;

    /**
     * @param threshold outstanding requests (count), ≥ 0
     * @param sustain   how long the leader must stay at or above it, ≥ 0
     */
    public SaturationDetector(long threshold, Duration sustain) {
        if (threshold < 0) {
            throw new IllegalArgumentException("threshold must be >= 0, got " + threshold);
        }
        if (sustain.isNegative()) {
            throw new IllegalArgumentException("sustain must be >= 0, got " + sustain);
        }
        this.threshold = threshold;
        this.sustain = sustain;
    }

    /**
     * Forgets every sample and starts judging again from {@code at}: saturation is judged on a step's
     * settled load, never on the burst of the domains being added before it.
     */
    public synchronized void restart(Instant at) {
        window.clear();
        above = 0;
        firstSample = at;
        streakStart = null;
        saturatedAt = null;
    }

    /**
     * Feeds one sample of the leader.
     *
     * @return true once saturated (and from then on, until {@link #restart})
     */
    public synchronized boolean offer(Instant time, long outstanding) {
        if (saturatedAt != null) {
            return true;
        }
        if (firstSample == null) {
            firstSample = time;
        }
        Sample s = new Sample(time, outstanding >= threshold);
        window.addLast(s);
        above += s.above() ? 1 : 0;
        Instant from = time.minus(sustain);
        while (window.peekFirst().time().isBefore(from)) {
            above -= window.removeFirst().above() ? 1 : 0;
        }
        boolean covered = !firstSample.isAfter(from);
        if (covered && s.above() && above * 100L >= SHARE_PERCENT * (long) window.size()) {
            saturatedAt = time;
            streakStart = from;
        }
        return saturatedAt != null;
    }

    public synchronized boolean saturated() {
        return saturatedAt != null;
    }

    /** Where the window that saturated began, or null. */
    public synchronized Instant streakStart() {
        return streakStart;
    }

    public long threshold() {
        return threshold;
    }

    public Duration sustain() {
        return sustain;
    }
}
