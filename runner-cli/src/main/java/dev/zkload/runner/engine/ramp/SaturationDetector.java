package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.result.Saturation;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Decides when the ensemble is saturated: the leader's outstanding requests at or above the
 * threshold for the sustain time (the 2017 report: "outstanding stays above 300 for a long time,
 * the cluster becomes unstable"). "For the sustain time" means: samples cover at least that long,
 * and in the trailing window of that length either at least {@value #SHARE_PERCENT}% of the samples
 * are at or above the threshold ({@link Saturation.Rule#HELD}), or their mean is
 * ({@link Saturation.Rule#AVERAGED}). A saturated leader's queue drains for a moment now and then
 * (one sample of 40 among a minute of 500s, seen on this machine); those single dips must not reset
 * the clock, while a load that stays above only 80% of the time (the report's load-3, averaging 293)
 * is not saturation. The mean catches the queue that swings with the fires: at 100 domains on this
 * machine the leader sat at 489 outstanding in the median and averaged 414, yet dipped under 300 in a
 * third of the samples, while the servers committed a fifth fewer writes per domain than at 80 — the
 * ensemble no longer kept up. In the mean a sample counts up to twice the threshold, so that a few
 * seconds of a burst's thousands (a registration's tail) cannot outweigh a minute below the line.
 *
 * <p>"At or above" rather than strictly above, so that a threshold of 0 forces saturation on an idle
 * ensemble: the command line refuses {@code --outstanding-threshold 0} and asks for it by name
 * ({@code --force-saturation}, to check the stop path). A sample where the
 * leader did not answer is not offered: an unreachable leader is the errors rule's business.
 * Thread-safe: the sampler's thread feeds it, the ramp's restarts and reads it.
 */
public final class SaturationDetector {
    static final int SHARE_PERCENT = 90;

    private record Sample(Instant time, boolean above, long outstanding, double counted) {}

    private final long threshold;
    private final Duration sustain;
    private final Deque<Sample> window = new ArrayDeque<>();
    private int above;
    private double sum;
    private double countedSum;
    private Instant firstSample;
    private Instant streakStart;
    private Instant saturatedAt;
    private Saturation finding;

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
        sum = 0;
        countedSum = 0;
        firstSample = at;
        streakStart = null;
        saturatedAt = null;
        finding = null;
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
        Sample s = new Sample(
                time, outstanding >= threshold, outstanding, Math.min((double) outstanding, 2.0 * threshold));
        window.addLast(s);
        count(s, 1);
        Instant from = time.minus(sustain);
        while (window.peekFirst().time().isBefore(from)) {
            count(window.removeFirst(), -1);
        }
        if (firstSample.isAfter(from)) {
            return false; // the samples do not cover the sustain time yet
        }
        int n = window.size();
        boolean held = above * 100L >= SHARE_PERCENT * (long) n;
        Saturation.Rule rule = held && s.above()
                ? Saturation.Rule.HELD
                : !held && countedSum >= (double) threshold * n ? Saturation.Rule.AVERAGED : null;
        if (rule != null) {
            saturatedAt = time;
            streakStart = from;
            finding = new Saturation(
                    rule,
                    Math.round(1000.0 * above / n) / 1000.0,
                    Math.round(10.0 * sum / n) / 10.0,
                    Math.round(10.0 * countedSum / n) / 10.0);
        }
        return saturatedAt != null;
    }

    public synchronized boolean saturated() {
        return saturatedAt != null;
    }

    /** How the rule was met, over the window that ended in saturation; null while not saturated. */
    public synchronized Saturation finding() {
        return finding;
    }

    /** Adds ({@code sign} 1) a sample to the window's counts, or takes ({@code -1}) one out of them. */
    private void count(Sample s, int sign) {
        above += sign * (s.above() ? 1 : 0);
        sum += sign * (double) s.outstanding();
        countedSum += sign * s.counted();
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
