package dev.zkload.runner.ramp;

import java.time.Duration;
import java.time.Instant;

/**
 * Decides when the ensemble is saturated: the leader's outstanding requests at or above the
 * threshold in every sample for at least the sustain time (the 2017 report: "outstanding stays
 * above 300 for a long time, the cluster becomes unstable").
 *
 * <p>"At or above" rather than strictly above, so that {@code --outstanding-threshold 0} forces
 * saturation on an idle ensemble, which is how a user checks the stop path. A sample where the
 * leader did not answer neither extends nor breaks a streak: an unreachable leader is the errors
 * rule's business. Not thread-safe; one sampler thread feeds it.
 */
public final class SaturationDetector {
    private final long threshold;
    private final Duration sustain;
    private Instant streakStart;
    private Instant saturatedAt;

    /**
     * @param threshold outstanding requests (count), ≥ 0
     * @param sustain   how long every sample must stay at or above it, ≥ 0
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
     * Feeds one sample of the leader.
     *
     * @return true once saturated (and from then on)
     */
    public boolean offer(Instant time, long outstanding) {
        if (saturatedAt != null) {
            return true;
        }
        if (outstanding >= threshold) {
            if (streakStart == null) {
                streakStart = time;
            }
            if (!time.isBefore(streakStart.plus(sustain))) {
                saturatedAt = time;
            }
        } else {
            streakStart = null;
        }
        return saturatedAt != null;
    }

    public boolean saturated() {
        return saturatedAt != null;
    }

    /** When the streak that saturated began, or null. */
    public Instant streakStart() {
        return streakStart;
    }

    public long threshold() {
        return threshold;
    }

    public Duration sustain() {
        return sustain;
    }
}
