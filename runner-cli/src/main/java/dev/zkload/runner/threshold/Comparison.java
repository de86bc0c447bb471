package dev.zkload.runner.threshold;

/**
 * The comparison of a threshold. A measurement may be known only as a range (the most domains a
 * ramp carried is a lower bound when the ramp stopped for another reason than saturation), so a
 * comparison is judged against every value the range allows: it passes only if all of them pass.
 */
public enum Comparison {
    LE("<="),
    GE(">="),
    EQ("=="),
    NE("!="),
    LT("<"),
    GT(">");

    /** What a comparison says of a range of possible values. */
    enum Outcome {
        /** Every value the range allows passes. */
        HOLDS,
        /** No value the range allows passes. */
        FAILS,
        /** Some would pass and some would not: not decided by what was observed. */
        UNDECIDED
    }

    private final String symbol;

    Comparison(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    boolean holds(double value, double limit) {
        return switch (this) {
            case LT -> value < limit;
            case LE -> value <= limit;
            case GT -> value > limit;
            case GE -> value >= limit;
            case EQ -> value == limit;
            case NE -> value != limit;
        };
    }

    /**
     * Judges the range {@code [low, high]} (infinite ends allowed) of what the true value may be.
     */
    Outcome judge(double low, double high, double limit) {
        boolean all;
        boolean none;
        switch (this) {
            case LT -> {
                all = high < limit;
                none = low >= limit;
            }
            case LE -> {
                all = high <= limit;
                none = low > limit;
            }
            case GT -> {
                all = low > limit;
                none = high <= limit;
            }
            case GE -> {
                all = low >= limit;
                none = high < limit;
            }
            case EQ -> {
                all = low == limit && high == limit;
                none = limit < low || limit > high;
            }
            case NE -> {
                all = limit < low || limit > high;
                none = low == limit && high == limit;
            }
            default -> throw new IllegalStateException(name());
        }
        return all ? Outcome.HOLDS : none ? Outcome.FAILS : Outcome.UNDECIDED;
    }

    /** True when a larger measured value is the worse one (an upper limit). */
    boolean upperLimit() {
        return this == LT || this == LE;
    }
}
