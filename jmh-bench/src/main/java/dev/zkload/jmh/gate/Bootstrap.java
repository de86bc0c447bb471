package dev.zkload.jmh.gate;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The ratio of a candidate's statistic to a baseline's, with a bootstrap interval over the forks and,
 * within each fork, over its iterations.
 *
 * <p>A side's value is a geometric mean: over its forks, of the geometric mean over each fork's
 * iterations. Geometric, because the noise multiplies: a fork that another job's build lands on is
 * two to ten times slower, and an arithmetic mean would be mostly that fork. The fork is the unit
 * that repeats independently: each has its own client JVM, its own server JVM and its own moment on
 * the machine, and the spread between forks is most of the noise, so an interval over samples or
 * iterations alone (JMH's score error in sample mode is over samples) is far too narrow. Each
 * replicate draws the forks with replacement and then, within every fork drawn, its iterations with
 * replacement. Drawing at both levels makes the interval a little wider than the spread of the means
 * it stands for, which offsets the narrowness of a percentile bootstrap over a handful of forks.
 *
 * <p>Paired, the same fork positions are drawn for both sides: in an interleaved run fork i of each
 * profile ran in the same round, so what the machine did during that round is drawn with both.
 *
 * <p>Values must be positive (latencies, throughputs); a side with a value that is not is NaN.
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
        double[][] base = logs(baseline);
        double[][] cand = logs(candidate);
        double ratio = Math.exp(logMean(cand) - logMean(base));
        SplittableRandom random = new SplittableRandom(seed);
        double[] ratios = new double[replicates];
        int[] forks = new int[base.length];
        int[] other = new int[cand.length];
        for (int r = 0; r < replicates; r++) {
            draw(forks, base.length, random);
            if (paired) {
                System.arraycopy(forks, 0, other, 0, forks.length);
            } else {
                draw(other, cand.length, random);
            }
            ratios[r] = Math.exp(resampledMean(cand, other, random) - resampledMean(base, forks, random));
        }
        Arrays.sort(ratios);
        double tail = (1 - confidence) / 2;
        return new Estimate(ratio, quantile(ratios, tail), quantile(ratios, 1 - tail));
    }

    /** A side's value: the geometric mean over its forks of each fork's geometric mean over iterations. */
    static double geometricMean(double[][] side) {
        return Math.exp(logMean(logs(side)));
    }

    private static double[][] logs(double[][] side) {
        double[][] logs = new double[side.length][];
        for (int f = 0; f < side.length; f++) {
            logs[f] = Arrays.stream(side[f])
                    .map(v -> v > 0 ? Math.log(v) : Double.NaN)
                    .toArray();
        }
        return logs;
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

    private static double logMean(double[][] side) {
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
