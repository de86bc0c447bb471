package dev.zkload.runner.threshold;

/**
 * What a run observed of a metric at one level: a value, or the range a value is known to lie in
 * (the ramp's max stable domains is a lower bound unless it saturated), or nothing, with the reason.
 *
 * @param low    the smallest value the true one may have; null when not observed
 * @param high   the largest ({@link Double#POSITIVE_INFINITY} for a lower bound); null when not observed
 * @param where  the level it was measured at ({@code load-2 (200 domains)}, a server), or null for the run
 * @param reason why it was not observed, or what bounds it; null for a plain value
 */
public record Measurement(Double low, Double high, String where, String reason) {

    public static Measurement exact(double value, String where) {
        return new Measurement(value, value, where, null);
    }

    /** At least {@code value}: the true value may be larger, for the reason given. */
    public static Measurement atLeast(double value, String where, String reason) {
        return new Measurement(value, Double.POSITIVE_INFINITY, where, reason);
    }

    public static Measurement notObserved(String where, String reason) {
        return new Measurement(null, null, where, reason);
    }

    boolean observed() {
        return low != null;
    }

    boolean exact() {
        return observed() && low.equals(high);
    }

    /** The value as people read it, with its bound: {@code 12.3 ms}, {@code at least 300}. */
    String text(Quantity q) {
        if (!observed()) {
            return "not observed";
        }
        if (exact()) {
            return q.format(low);
        }
        if (high.isInfinite()) {
            return "at least " + q.format(low);
        }
        return "between " + q.format(low) + " and " + q.format(high);
    }
}
