package dev.zkload.bench.machine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The stop-the-world pauses a JVM wrote to its GC log: each pause line ({@link GcLogLine}) with its time and
 * length, whatever the log's decorations, from Java 8's {@code -Xloggc} to the unified logging of later JDKs.
 * Concurrent phases are not pauses and are not counted. The file is read whole at each call (a line per
 * collection: small even after hours), so a JVM restarted on the same file simply starts it again.
 *
 * <p>zkload's own servers write theirs where {@link #flag} says; a server started by hand has its log found by
 * its command line ({@link #named}).
 */
public final class GcLog {
    private final Path file;
    private final Instant started;

    private GcLog(Path file, Instant started) {
        this.file = file;
        this.started = started;
    }

    /** The JVM flag that writes the log this reads to {@code file}; empty when the path cannot be given to {@code -Xlog}. */
    public static Optional<String> flag(Path file) {
        String path = file.toAbsolutePath().toString();
        // -Xlog's own syntax separates its parts with ':' and ','
        return path.contains(":") || path.contains(",") || path.contains(" ")
                ? Optional.empty()
                : Optional.of("-Xlog:gc:file=" + path + ":timemillis");
    }

    /**
     * The pauses a log stamped with the wall clock (as {@link #flag} has it) placed within [{@code from},
     * {@code to}); empty when the log cannot be read. Lines stamped with the JVM's uptime alone are not counted:
     * their JVM's start is not known here ({@link #named} knows it).
     */
    public static Optional<GcPauses> pauses(Path file, Instant from, Instant to) {
        return new GcLog(file, null).pauses(from, to);
    }

    /**
     * The GC log the command line of JVM {@code pid} names, found where it is now written ({@code %p}, {@code %t}
     * and rotation followed); empty when its command line names none, or this user may not read the process.
     */
    public static Optional<GcLog> named(long pid) {
        return JavaProcess.read(pid).flatMap(GcLog::named);
    }

    static Optional<GcLog> named(JavaProcess process) {
        return GcLogOption.in(process.options())
                .flatMap(o -> o.current(process))
                .map(f -> new GcLog(f, uptimeOrigin(process)));
    }

    /**
     * The instant a JVM's uptime counts from: when it began, as its own counters say to the millisecond, else
     * when its process started (a few hundredths of a second earlier).
     */
    private static Instant uptimeOrigin(JavaProcess process) {
        return HotSpotCounters.read(process).map(HotSpotCounters::vmStarted).orElse(process.started());
    }

    /** The file, as reached from here. */
    public Path file() {
        return file;
    }

    /** The pauses this log placed within [{@code from}, {@code to}); empty when the log cannot be read. */
    public Optional<GcPauses> pauses(Instant from, Instant to) {
        try {
            return Optional.of(pauses(Files.readAllLines(file, StandardCharsets.UTF_8), started, from, to));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static GcPauses pauses(List<String> lines, Instant from, Instant to) {
        return pauses(lines, null, from, to);
    }

    /** @param started when the JVM began, for lines stamped with its uptime; null when not known */
    static GcPauses pauses(List<String> lines, Instant started, Instant from, Instant to) {
        long count = 0;
        double total = 0;
        double max = 0;
        for (String line : lines) {
            Optional<GcLogLine> pause = GcLogLine.parse(line, started);
            Optional<Instant> at = pause.flatMap(GcLogLine::at);
            if (at.isEmpty() || at.get().isBefore(from) || !at.get().isBefore(to)) {
                continue;
            }
            double ms = pause.get().ms();
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
