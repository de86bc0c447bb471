package dev.zkload.jmh.gate;

/**
 * The gate's decision for one operation and statistic: the candidate's value against the
 * baseline's, the ratio with its interval, and whether that fails the gate.
 *
 * @param op        the operation (the benchmark method)
 * @param statistic p50, p99, ... or score
 * @param forks     the baseline's forks and the candidate's
 * @param baseline  the baseline's value (geometric mean over forks of the per-iteration statistic)
 * @param candidate the candidate's value
 * @param unit      their unit
 * @param slowdown  the candidate's time over the baseline's (for throughput, the baseline's
 *                  operations over the candidate's), with its interval: above 1 is slower
 * @param decision  what the gate makes of it
 */
record Verdict(
        String op,
        String statistic,
        String forks,
        double baseline,
        double candidate,
        String unit,
        Bootstrap.Estimate slowdown,
        Decision decision) {

    enum Decision {
        FAIL("FAIL: slower"),
        NOISE("pass: within noise"),
        UNDER_LIMIT("pass: slower, under the limit"),
        FASTER("pass: faster"),
        SAME("pass"),
        /** An iteration without samples (an operation longer than the iteration): nothing to judge. */
        NO_DATA("not judged: an iteration has no samples");

        final String words;

        Decision(String words) {
            this.words = words;
        }
    }

    /**
     * Fails when the slowdown is above {@code maxRatio} and its whole interval is above 1: slower by
     * more than the limit, and by more than the measurement's own spread could make it look.
     */
    static Decision decide(Bootstrap.Estimate slowdown, double maxRatio) {
        if (Double.isNaN(slowdown.ratio()) || Double.isNaN(slowdown.low())) {
            return Decision.NO_DATA;
        }
        boolean beyondNoise = slowdown.low() > 1;
        if (slowdown.ratio() > maxRatio) {
            return beyondNoise ? Decision.FAIL : Decision.NOISE;
        }
        if (beyondNoise) {
            return Decision.UNDER_LIMIT;
        }
        return slowdown.high() < 1 ? Decision.FASTER : Decision.SAME;
    }
}
