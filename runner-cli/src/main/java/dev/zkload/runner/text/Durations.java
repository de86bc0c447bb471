package dev.zkload.runner.text;

import java.time.Duration;
import java.util.Locale;

/** How a time is written for people: the elapsed clock of the console's lines, a rough time left, a delay or a wait. */
public final class Durations {
    private Durations() {}

    /** {@code h:mm:ss}; a negative duration is {@code 0:00:00}. */
    public static String clock(Duration d) {
        long s = Math.max(0, d.toSeconds());
        return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, (s / 60) % 60, s % 60);
    }

    /** Milliseconds below a second, seconds to a tenth from a second: "850 ms", "1.8 s"; "n/a" when not measured. */
    public static String ofMillis(Double ms) {
        if (ms == null) {
            return "n/a";
        }
        return ms < 1000 ? String.format(Locale.ROOT, "%.0f ms", ms) : secondsOfMillis(ms);
    }

    /** Seconds to a tenth, from milliseconds: "0.4 s", "12.0 s". */
    public static String secondsOfMillis(double ms) {
        return String.format(Locale.ROOT, "%.1f s", ms / 1000);
    }

    /** Whole minutes, with hours past the hour: {@code 41m}, {@code 2h05m}. */
    public static String hoursMinutes(Duration d) {
        long m = d.toMinutes();
        return m >= 60 ? String.format(Locale.ROOT, "%dh%02dm", m / 60, m % 60) : m + "m";
    }
}
