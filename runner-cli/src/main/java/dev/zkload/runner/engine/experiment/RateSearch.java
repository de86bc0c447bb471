package dev.zkload.runner.engine.experiment;

import java.util.OptionalLong;

/**
 * The search of {@code max-rate}: the highest request rate the ensemble holds, found by bracketing
 * and bisection. The first rate is doubled while it passes (or halved while it fails) until one rate
 * passes and the next higher one fails; then the middle of the bracket is tried until the bracket is
 * narrower than {@code precision} of its lower end, or the probes run out. The answer is the highest
 * rate that passed — never one that was not measured.
 */
public final class RateSearch {
    private final long first;
    private final double precision;
    private final int maxProbes;
    private long highestPass;
    private long lowestFail = Long.MAX_VALUE;
    private int probes;

    /**
     * @param first     the first rate tried, ops/s
     * @param precision how narrow the final bracket must be, as a fraction of its lower end (0.05: 5%)
     * @param maxProbes the most rates tried
     */
    public RateSearch(long first, double precision, int maxProbes) {
        if (first < 1 || !(precision > 0) || maxProbes < 1) {
            throw new IllegalArgumentException("first rate, precision and probes must be positive");
        }
        this.first = first;
        this.precision = precision;
        this.maxProbes = maxProbes;
    }

    /** The next rate to try, or empty when the search is done. */
    public OptionalLong next() {
        if (probes >= maxProbes) {
            return OptionalLong.empty();
        }
        if (probes == 0) {
            return OptionalLong.of(first);
        }
        if (lowestFail == Long.MAX_VALUE) {
            return OptionalLong.of(highestPass * 2);
        }
        if (highestPass == 0) {
            // nothing passed yet: halve, down to one request a second
            return lowestFail <= 1 ? OptionalLong.empty() : OptionalLong.of(Math.max(1, lowestFail / 2));
        }
        if (lowestFail - highestPass <= Math.max(1, precision * highestPass)) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(highestPass + (lowestFail - highestPass) / 2);
    }

    /** Records how the rate tried last fared. */
    public void record(long rate, boolean passed) {
        probes++;
        if (passed) {
            highestPass = Math.max(highestPass, rate);
        } else {
            lowestFail = Math.min(lowestFail, rate);
        }
    }

    /** The highest rate that passed, or empty when none did. */
    public OptionalLong answer() {
        return highestPass == 0 ? OptionalLong.empty() : OptionalLong.of(highestPass);
    }

    /** Whether the answer is bracketed to the precision asked (false: the probes ran out first, or nothing failed). */
    public boolean converged() {
        return highestPass > 0
                && lowestFail != Long.MAX_VALUE
                && lowestFail - highestPass <= Math.max(1, precision * highestPass);
    }
}
