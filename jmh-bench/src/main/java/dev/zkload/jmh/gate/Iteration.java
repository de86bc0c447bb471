package dev.zkload.jmh.gate;

/**
 * One measurement iteration of one fork: JMH's score for it and, in sample mode, its samples as
 * JMH's histogram (distinct values ascending, with how often each was seen). A class, not a record:
 * it holds arrays, which a record would compare by identity.
 */
final class Iteration {
    private final double score;
    private final double[] values;
    private final long[] counts;

    private Iteration(double score, double[] values, long[] counts) {
        this.score = score;
        this.values = values;
        this.counts = counts;
    }

    static Iteration scored(double score) {
        return new Iteration(score, new double[0], new long[0]);
    }

    /** A sample-mode iteration: its histogram, values ascending; its score is the samples' mean. */
    static Iteration sampled(double[] values, long[] counts) {
        double sum = 0;
        long n = 0;
        for (int i = 0; i < values.length; i++) {
            sum += values[i] * counts[i];
            n += counts[i];
        }
        return new Iteration(n == 0 ? Double.NaN : sum / n, values.clone(), counts.clone());
    }

    double score() {
        return score;
    }

    /**
     * The nearest-rank percentile of the samples: the smallest value with at least {@code p}% of
     * the samples at or below it; NaN without samples.
     */
    double percentile(double p) {
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        long rank = Math.max(1, (long) Math.ceil(p / 100.0 * n));
        long seen = 0;
        for (int i = 0; i < values.length; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return values[i];
            }
        }
        return Double.NaN;
    }
}
