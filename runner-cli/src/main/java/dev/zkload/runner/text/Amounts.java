package dev.zkload.runner.text;

import java.util.Locale;

/** Cores and ratios as the verdicts write them: "0.97", "2 cores", "9×". */
public final class Amounts {
    private Amounts() {}

    /** Cores used, two decimals. */
    public static String cores(double c) {
        return String.format(Locale.ROOT, "%.2f", c);
    }

    /** A number of cores with its noun: "1 core", "2 cores", "1.50 cores". */
    public static String coresNoun(double c) {
        return c == 1 ? "1 core" : (c == Math.rint(c) ? String.valueOf((long) c) : cores(c)) + " cores";
    }

    /** A figure as short as it can be written: "2", "0.5", "1.25". */
    public static String decimal(double v) {
        return v == Math.rint(v)
                ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.2f", v).replaceAll("0$", "");
    }

    /** A ratio: "9×" from about two, "1.4×" below. */
    public static String times(double ratio) {
        return ratio >= 1.95 ? String.format(Locale.ROOT, "%.0f×", ratio) : String.format(Locale.ROOT, "%.1f×", ratio);
    }
}
