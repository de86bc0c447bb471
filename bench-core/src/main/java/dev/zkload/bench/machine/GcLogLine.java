package dev.zkload.bench.machine;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One stop-the-world pause as a GC log line tells it, whatever the JVM's logging: the unified logging of Java 9
 * and later ({@code -Xlog:gc…}, a pause line being {@code GC(7) Pause Young (Normal) (G1 Evacuation Pause)
 * 23M->3M(512M) 2.839ms} after its decorations) or Java 8's {@code -Xloggc} ({@code 2026-11-30T10:00:00.123+0000:
 * 12.345: [GC pause (G1 Evacuation Pause) (young) 23M->3M(512M), 0.0028 secs]}). Pauses only: young, mixed and
 * full collections, G1's remark and cleanup, ZGC's and Shenandoah's short pauses; never a concurrent phase, nor
 * the line a collection's start writes without its length.
 *
 * <p>A unified-logging line is placed in time by its first wall-clock decoration ({@code time}, {@code utctime},
 * {@code timemillis}, {@code timenanos}), else by its uptime ({@code uptime}, {@code uptimemillis},
 * {@code uptimenanos}) from the JVM's start; a Java 8 line by its date stamp, else its uptime. A line with no
 * time at all ({@code :none}) is not placed: it has no instant. Unified logging writes a pause's line as the
 * pause ends, Java 8 as it begins; the line's time is the pause's here either way.
 *
 * @param at          when, empty when the line tells no time this can place
 * @param ms          how long, ms
 * @param full        whether a full collection
 * @param beforeBytes the heap in use before it, -1 when the line does not say
 * @param afterBytes  the heap in use after it, -1 when the line does not say
 * @param heapBytes   the heap's size after it, -1 when the line does not say
 */
record GcLogLine(Optional<Instant> at, double ms, boolean full, long beforeBytes, long afterBytes, long heapBytes) {
    /** {@code GC(7) Pause …} ending in its length; generational ZGC puts {@code Y: } or {@code O: } before it. */
    private static final Pattern UNIFIED =
            Pattern.compile("^GC\\(\\d+\\) (?:\\S+: )?(Pause\\b.*) (\\d+(?:[.,]\\d+)?)ms$");

    /** Java 8: its stamps, then {@code [GC…} or {@code [Full GC…}, of which {@code [GC concurrent-…} is no pause. */
    private static final Pattern JDK8 =
            Pattern.compile("^(?:(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d[.,]\\d{3}[+-]\\d{4}): )?"
                    + "(?:(\\d+[.,]\\d+): )?\\[(Full GC|GC)(?![\\w-]| concurrent)(.*)$");

    /** The last {@code , 0.0028 secs]} of a Java 8 line: the whole pause, after its generations' own. */
    private static final Pattern SECS = Pattern.compile("(\\d+[.,]\\d+) secs\\]");

    /** {@code 23M->3M(512M)}: the heap in use before, after, and its size, in K, M or G (Java 8 has K). */
    private static final Pattern HEAP = Pattern.compile(
            "(\\d+(?:[.,]\\d+)?)([BKMG])->(\\d+(?:[.,]\\d+)?)([BKMG])\\((\\d+(?:[.,]\\d+)?)([BKMG])\\)");

    private static final Pattern ISO = Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d[.,]\\d{3}[+-]\\d{4}");
    private static final Pattern NUMBER_WITH_UNIT = Pattern.compile("(\\d+(?:[.,]\\d+)?)(s|ms|ns)");
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ", Locale.ROOT);

    /** Epoch milliseconds below this are an uptime: it is 1973, and no JVM runs for 3 years. */
    private static final double EPOCH_MS_FLOOR = 1e11;

    /**
     * The pause {@code line} tells; empty when it tells none.
     *
     * @param started when the JVM began, for a line stamped with its uptime only; null when not known
     */
    static Optional<GcLogLine> parse(String line, Instant started) {
        int at = 0;
        Instant wall = null;
        Instant sinceStart = null;
        // unified logging's decorations: [..][..] before the message
        while (at < line.length() && line.charAt(at) == '[') {
            int close = line.indexOf(']', at);
            if (close < 0) {
                break;
            }
            String d = line.substring(at + 1, close).trim();
            at = close + 1;
            if (wall == null && ISO.matcher(d).matches()) {
                wall = stamp(d);
                continue;
            }
            Matcher n = NUMBER_WITH_UNIT.matcher(d);
            if (n.matches()) {
                double v = number(n.group(1));
                double ms = n.group(2).equals("s") ? v * 1000 : n.group(2).equals("ns") ? v / 1e6 : v;
                if (!n.group(2).equals("s") && ms >= EPOCH_MS_FLOOR) {
                    wall = wall != null ? wall : Instant.ofEpochMilli((long) ms);
                } else if (sinceStart == null && started != null) {
                    sinceStart = started.plusNanos((long) (ms * 1e6));
                }
            }
        }
        String message = line.substring(at).trim();
        Matcher u = UNIFIED.matcher(message);
        if (u.matches()) {
            return Optional.of(of(
                    Optional.ofNullable(wall != null ? wall : sinceStart),
                    number(u.group(2)),
                    u.group(1).startsWith("Pause Full"),
                    u.group(1)));
        }
        Matcher j = JDK8.matcher(line);
        if (at == 0 && j.matches()) {
            String rest = j.group(4);
            int times = rest.indexOf("[Times:");
            Matcher secs = SECS.matcher(times < 0 ? rest : rest.substring(0, times));
            double seconds = -1;
            while (secs.find()) {
                seconds = number(secs.group(1));
            }
            if (seconds < 0) {
                return Optional.empty();
            }
            Instant when = j.group(1) != null
                    ? stamp(j.group(1))
                    : j.group(2) != null && started != null
                            ? started.plusNanos((long) (number(j.group(2)) * 1e9))
                            : null;
            return Optional.of(
                    of(Optional.ofNullable(when), seconds * 1000, j.group(3).equals("Full GC"), rest));
        }
        return Optional.empty();
    }

    /**
     * Whether {@code line} tells a young collection that found no room for its survivors (G1's
     * {@code To-space exhausted}, {@code Evacuation Failure} from JDK 20, Java 8's {@code (to-space exhausted)}).
     */
    static boolean evacuationFailed(String line) {
        String l = line.toLowerCase(Locale.ROOT);
        return l.contains("to-space exhausted") || l.contains("evacuation failure") || l.contains("to-space overflow");
    }

    /** The pause with its heap figures: the first {@code A->B(C)} that is no generation's ({@code [PSYoungGen: …]}). */
    private static GcLogLine of(Optional<Instant> at, double ms, boolean full, String text) {
        Matcher h = HEAP.matcher(text);
        while (h.find()) {
            if (!text.substring(0, h.start()).endsWith(": ")) {
                return new GcLogLine(
                        at,
                        ms,
                        full,
                        bytes(h.group(1), h.group(2)),
                        bytes(h.group(3), h.group(4)),
                        bytes(h.group(5), h.group(6)));
            }
        }
        return new GcLogLine(at, ms, full, -1, -1, -1);
    }

    private static Instant stamp(String s) {
        try {
            return OffsetDateTime.parse(s.replace(',', '.'), STAMP).toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** A number as the JVM printed it, with a decimal comma where its locale has one. */
    private static double number(String s) {
        return Double.parseDouble(s.replace(',', '.'));
    }

    private static long bytes(String n, String unit) {
        int shift =
                switch (unit) {
                    case "K" -> 10;
                    case "M" -> 20;
                    case "G" -> 30;
                    default -> 0;
                };
        return (long) (number(n) * (1L << shift));
    }
}
