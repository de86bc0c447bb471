package dev.zkload.runner.report;

/**
 * One figure of a run worse than the baseline's by more than {@code --max-regression}.
 *
 * @param run      the run's label
 * @param level    where ({@code 200 domains}, {@code target 1})
 * @param op       the operation
 * @param metric   {@code TPS} or {@code p99}
 * @param baseline the baseline's value
 * @param value    the run's value
 * @param change   how much worse, as a fraction of the baseline's value (0.25 = 25% worse)
 */
public record Regression(
        String run, String level, String op, String metric, double baseline, double value, double change) {

    /** One sentence: {@code snap-1m at 200 domains: create p99 12.5 → 16.1 (29% worse)}. */
    public String text() {
        return run + " at " + level + ": " + op + " " + metric + " " + Numbers.decimal(baseline, 2) + " → "
                + Numbers.decimal(value, 2) + " (" + Numbers.decimal(change * 100, 1) + "% worse)";
    }
}
