package dev.zkload.bench.machine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stop-the-world pauses a JVM wrote to its GC log ({@code -Xlog:gc:file=…:timemillis}, Java 9 and
 * later): each {@code Pause} line with its wall-clock time and length. Concurrent phases are not pauses and
 * are not counted. The file is read whole at each call (a line per collection: small even after hours), so
 * a JVM restarted on the same file simply starts it again.
 */
public final class GcLog {
    /** {@code [1764340000123ms] GC(7) Pause Young (Normal) (G1 Evacuation Pause) 23M->3M(512M) 2.839ms}. */
    private static final Pattern PAUSE = Pattern.compile("^\\[(\\d+)ms\\].*\\bPause\\b.* (\\d+(?:\\.\\d+)?)ms\\s*$");

    private GcLog() {}

    /** The JVM flag that writes the log this reads to {@code file}; empty when the path cannot be given to {@code -Xlog}. */
    public static Optional<String> flag(Path file) {
        String path = file.toAbsolutePath().toString();
        // -Xlog's own syntax separates its parts with ':' and ','
        return path.contains(":") || path.contains(",") || path.contains(" ")
                ? Optional.empty()
                : Optional.of("-Xlog:gc:file=" + path + ":timemillis");
    }

    /** The pauses that began within [{@code from}, {@code to}); empty when the log cannot be read. */
    public static Optional<GcPauses> pauses(Path file, Instant from, Instant to) {
        try {
            return Optional.of(pauses(Files.readAllLines(file, StandardCharsets.UTF_8), from, to));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static GcPauses pauses(List<String> lines, Instant from, Instant to) {
        long count = 0;
        double total = 0;
        double max = 0;
        for (String line : lines) {
            Matcher m = PAUSE.matcher(line);
            if (!m.matches()) {
                continue;
            }
            Instant at = Instant.ofEpochMilli(Long.parseLong(m.group(1)));
            if (at.isBefore(from) || !at.isBefore(to)) {
                continue;
            }
            double ms = Double.parseDouble(m.group(2));
            count++;
            total += ms;
            max = Math.max(max, ms);
        }
        return new GcPauses(count, total, max);
    }

    /**
     * A window's stop-the-world pauses.
     *
     * @param count   how many
     * @param totalMs their length together, ms
     * @param maxMs   the longest, ms (0 when none)
     */
    public record GcPauses(long count, double totalMs, double maxMs) {}
}
