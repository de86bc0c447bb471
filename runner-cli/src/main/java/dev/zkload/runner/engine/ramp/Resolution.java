package dev.zkload.runner.engine.ramp;

import java.util.Locale;

/**
 * How narrow the ramp's refinement makes the interval between the last stable and the first saturated
 * domain count: an absolute number of domains ({@code 20}) or a percentage of the last stable count
 * ({@code 10%}); {@code 0} keeps the plain grid.
 *
 * @param value   domains, or percent when {@code percent}; ≥ 0
 * @param percent whether {@code value} is a percentage of the last stable count
 */
public record Resolution(double value, boolean percent) {
    /** Ten percent of the last stable count: the accuracy a cluster is sized to. */
    public static final Resolution DEFAULT = new Resolution(10, true);

    public Resolution {
        if (!(value >= 0) || Double.isInfinite(value) || (!percent && value != Math.rint(value))) {
            throw new IllegalArgumentException("not a resolution: " + value + (percent ? "%" : ""));
        }
    }

    /**
     * Reads {@code 20} (domains) or {@code 10%} (of the last stable count).
     *
     * @throws IllegalArgumentException in one sentence, when it is neither
     */
    public static Resolution parse(String text) {
        String s = text.trim();
        boolean percent = s.endsWith("%");
        String number = percent ? s.substring(0, s.length() - 1).trim() : s;
        try {
            double v = percent ? Double.parseDouble(number) : Long.parseLong(number);
            return new Resolution(v, percent);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "' is not a resolution: give a count of domains (e.g. 20)"
                    + " or a percentage of the last stable count (e.g. 10%), 0 or more");
        }
    }

    /** True for {@code 0}: the ramp keeps its plain grid. */
    public boolean off() {
        return value == 0;
    }

    /** The width in domains the refinement narrows to, after a grid whose last stable step had {@code lastStable}: at least 1. */
    public int domains(int lastStable) {
        long w = percent ? Math.round(lastStable * value / 100) : (long) value;
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, w));
    }

    @Override
    public String toString() {
        if (!percent) {
            return Long.toString((long) value);
        }
        return (value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%s", value))
                + "%";
    }
}
