package dev.zkload.jmh.gate;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The ratio of a candidate's statistic to a baseline's, with a bootstrap interval over the forks and,
 * within each fork, over its iterations.
 *
 * <p>A side's value is the mean over its forks of the mean over each fork's iterations. The fork is
 * the unit that repeats independently: each has its own client JVM, its own server JVM and its own
 * moment on the machine, and the spread between forks is most of the noise, so an interval over
 * samples or iterations alone (JMH's score error in sample mode is over samples) is far too narrow.
 * Each replicate draws the forks with replacement and then, within every fork drawn, its iterations
 * with replacement. Drawing at both levels makes the interval a little wider than the spread of the
 * means it stands for, which offsets the narrowness of a percentile bootstrap over a handful of forks.
 *
 * <p>Paired, the same fork positions are drawn for both sides: in an interleaved run fork i of each
 * profile ran in the same round, so what the machine did during that round is drawn with both.
 */
final class Bootstrap {
    private final int replicates;
    private final double confidence;
    private final long seed;

    Bootstrap(int replicates, double confidence, long seed) {
        if (replicates < 100) {
            throw new IllegalArgumentException("replicates must be 100 or more, not " + replicates);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be between 0 and 1, not " + confidence);
        }
        this.replicates = replicates;
        this.confidence = confidence;
        this.seed = seed;
    }

    /** candidate / baseline: above 1 means the candidate's values are higher. */
    Estimate ratio(double[][] baseline, double[][] candidate, boolean paired) {
        if (paired && baseline.length != candidate.length) {
            throw new IllegalArgumentException(
                    "paired sides need as many forks each, not " + baseline.length + " and " + candidate.length);
        }
        double ratio = mean(candidate) / mean(baseline);
        SplittableRandom random = new SplittableRandom(seed);
        double[] ratios = new double[replicates];
        int[] forks = new int[baseline.length];
        int[] other = new int[candidate.length];
        for (int r = 0; r < replicates; r++) {
            draw(forks, baseline.length, random);
            if (paired) {
                System.arraycopy(forks, 0, other, 0, forks.length);
            } else {
                draw(other, candidate.length, random);
            }
            ratios[r] = resampledMean(candidate, other, random) / resampledMean(baseline, forks, random);
        }
        Arrays.sort(ratios);
        double tail = (1 - confidence) / 2;
        return new Estimate(ratio, quantile(ratios, tail), quantile(ratios, 1 - tail));
    }

    private static void draw(int[] into, int bound, SplittableRandom random) {
        for (int i = 0; i < into.length; i++) {
            into[i] = random.nextInt(bound);
        }
    }

    private static double resampledMean(double[][] side, int[] forks, SplittableRandom random) {
        double sum = 0;
        for (int f : forks) {
            double[] iterations = side[f];
            double forkSum = 0;
            for (int i = 0; i < iterations.length; i++) {
                forkSum += iterations[random.nextInt(iterations.length)];
            }
            sum += forkSum / iterations.length;
        }
        return sum / forks.length;
    }

    /** A side's value: the mean over its forks of the mean of each fork's iterations. */
    static double mean(double[][] side) {
        double sum = 0;
        for (double[] iterations : side) {
            sum += Arrays.stream(iterations).average().orElse(Double.NaN);
        }
        return sum / side.length;
    }

    /** Linear interpolation between the order statistics around q. */
    private static double quantile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }

    /**
     * @param ratio the candidate's value over the baseline's
     * @param low   the interval's lower end, at the bootstrap's confidence
     * @param high  its upper end
     */
    record Estimate(double ratio, double low, double high) {}
}
