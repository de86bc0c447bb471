package dev.zkload.jmh.gate;

import java.util.Locale;

/**
 * What the gate compares of each iteration: a percentile of its samples (sample mode), or JMH's
 * score for it (the mean in sample and average-time modes, operations per time in throughput mode).
 */
record Statistic(double percentile) {
    static final Statistic SCORE = new Statistic(Double.NaN);

    static Statistic percentile(double p) {
        if (!(p > 0 && p <= 100)) {
            throw new IllegalArgumentException("a percentile is above 0 and at most 100, not " + p);
        }
        return new Statistic(p);
    }

    boolean isScore() {
        return Double.isNaN(percentile);
    }

    double of(Iteration i) {
        return isScore() ? i.score() : i.percentile(percentile);
    }

    /** {@code p50}, {@code p99.9}, or {@code score}. */
    String label() {
        if (isScore()) {
            return "score";
        }
        return percentile == Math.rint(percentile)
                ? "p" + (long) percentile
                : "p" + String.format(Locale.ROOT, "%s", percentile);
    }
}
