package dev.zkload.runner.engine.health;

import java.util.Locale;

/** How health figures are written for people: "850 ms", "1.8 s", "2", "0.5". */
final class Durations {
    private Durations() {}

    static String ms(Double ms) {
        if (ms == null) {
            return "n/a";
        }
        return ms < 1000 ? String.format(Locale.ROOT, "%.0f ms", ms) : String.format(Locale.ROOT, "%.1f s", ms / 1000);
    }

    static String decimal(double v) {
        return v == Math.rint(v)
                ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.2f", v).replaceAll("0$", "");
    }
}
