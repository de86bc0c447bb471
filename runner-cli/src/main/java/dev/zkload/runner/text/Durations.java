package dev.zkload.runner.text;

import java.time.Duration;
import java.util.Locale;

/** How the console writes a time: the elapsed clock of its lines, and a rough time left. */
public final class Durations {
    private Durations() {}

    /** {@code h:mm:ss}; a negative duration is {@code 0:00:00}. */
    public static String clock(Duration d) {
        long s = Math.max(0, d.toSeconds());
        return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, (s / 60) % 60, s % 60);
    }

    /** Whole minutes, with hours past the hour: {@code 41m}, {@code 2h05m}. */
    public static String hoursMinutes(Duration d) {
        long m = d.toMinutes();
        return m >= 60 ? String.format(Locale.ROOT, "%dh%02dm", m / 60, m % 60) : m + "m";
    }
}
