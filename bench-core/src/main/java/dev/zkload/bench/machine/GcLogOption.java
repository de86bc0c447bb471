package dev.zkload.bench.machine;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The GC log a JVM's options name, as the JVM names it: {@code -Xlog:gc*:file=PATH…}, {@code -Xlog:gc:PATH},
 * {@code -Xlog:gc+…:file="PATH":decorators}, or Java 8's {@code -Xloggc:PATH}. An {@code -Xlog} option names
 * the log of pauses only if its selection takes the {@code gc} tag's info lines ({@code gc}, {@code gc*},
 * {@code all}, an empty selection, at level info or finer; ZGC's pauses being {@code gc+phases} lines) and its
 * output is a file; the first such option wins.
 *
 * @param path           the file as written on the command line, {@code %p} and {@code %t} unexpanded
 * @param rotatesAtBytes the size at which the JVM moves the file aside and begins it again (0: never)
 */
record GcLogOption(String path, long rotatesAtBytes) {
    /** Unified logging's default {@code filesize}, with its default {@code filecount} of 5. */
    private static final long DEFAULT_FILE_SIZE = 20 << 20;

    private static final Pattern SIZE = Pattern.compile("filesize=(\\d+)([kmg]?)");

    /** The placeholder unified logging and Java 8 both expand to the JVM's start, {@code 2026-11-30_10-00-00}. */
    private static final String STAMP = "\\d{4}-\\d\\d-\\d\\d_\\d\\d-\\d\\d-\\d\\d";

    /**
     * The GC log {@code options} name; empty when none names one. Java 9 and later ignore {@code -Xloggc} beside
     * an {@code -Xlog} option that takes the pauses, and rotate it as unified logging does by default.
     */
    static Optional<GcLogOption> in(List<String> options) {
        String loggc = null;
        for (String o : options) {
            if (o.startsWith("-Xloggc:") && o.length() > "-Xloggc:".length() && loggc == null) {
                loggc = o.substring("-Xloggc:".length());
            }
            if (o.startsWith("-Xlog:")) {
                Optional<GcLogOption> log = xlog(o.substring("-Xlog:".length()));
                if (log.isPresent()) {
                    return log;
                }
            }
        }
        return Optional.ofNullable(loggc).map(path -> new GcLogOption(path, DEFAULT_FILE_SIZE));
    }

    /** The log of one {@code -Xlog:what:output:decorators:options}, if it takes the pauses; quotes keep colons. */
    private static Optional<GcLogOption> xlog(String spec) {
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < spec.length(); i++) {
            char c = spec.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == ':' && !quoted) {
                parts.add(part.toString());
                part.setLength(0);
                continue;
            }
            part.append(c);
        }
        parts.add(part.toString());
        if (parts.size() < 2 || !takesPauses(parts.get(0))) {
            return Optional.empty();
        }
        String output = parts.get(1);
        if (output.isEmpty() || output.equals("stdout") || output.equals("stderr")) {
            return Optional.empty();
        }
        String file = output.startsWith("file=") ? output.substring("file=".length()) : output;
        if (file.length() >= 2 && file.startsWith("\"") && file.endsWith("\"")) {
            file = file.substring(1, file.length() - 1);
        }
        return file.isEmpty()
                ? Optional.empty()
                : Optional.of(new GcLogOption(file, rotatesAt(parts.size() > 3 ? parts.get(3) : "")));
    }

    /** The size at which unified logging rotates a file, from its output options; 0 when it never does. */
    private static long rotatesAt(String outputOptions) {
        long size = DEFAULT_FILE_SIZE;
        for (String o : outputOptions.split(",", -1)) {
            Matcher m = SIZE.matcher(o.trim().toLowerCase(Locale.ROOT));
            if (o.trim().equals("filecount=0")) {
                return 0;
            }
            if (m.matches()) {
                String unit = m.group(2);
                size = Long.parseLong(m.group(1))
                        << (unit.equals("k") ? 10 : unit.equals("m") ? 20 : unit.equals("g") ? 30 : 0);
            }
        }
        return size;
    }

    /** Whether a selection ({@code gc*=debug,safepoint}) takes the info lines of the {@code gc} tag alone. */
    private static boolean takesPauses(String what) {
        if (what.isEmpty()) {
            // an empty selection is all=info
            return true;
        }
        for (String selector : what.split(",", -1)) {
            int eq = selector.indexOf('=');
            String tags = (eq < 0 ? selector : selector.substring(0, eq)).toLowerCase(Locale.ROOT);
            String level = eq < 0 ? "info" : selector.substring(eq + 1).toLowerCase(Locale.ROOT);
            boolean fineEnough = level.equals("info") || level.equals("debug") || level.equals("trace");
            String set = tags.endsWith("*") ? tags.substring(0, tags.length() - 1) : tags;
            if (fineEnough && (set.equals("gc") || set.equals("all") || set.equals("gc+phases"))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The file the JVM {@code process} writes now; empty when none of its name is there. {@code %p} is the pid
     * the JVM knows itself by (Java 8 writes it {@code pid1234}), {@code %t} its start: of several files
     * matching (another JVM's of the same name, or one left from before a rotation), the one written last. A log rotated by unified logging ({@code ::filecount=5}) is written at its
     * name, the older ones at {@code name.0}…; Java 8's rotation ({@code -XX:+UseGCLogFileRotation}) writes
     * {@code name.N.current}.
     */
    Optional<Path> current(JavaProcess process) {
        String pid = Long.toString(process.ownPid());
        int slash = path.lastIndexOf('/');
        Path dir = slash < 0
                ? process.cwd()
                : process.resolve(slash == 0 ? "/" : path.substring(0, slash).replace("%p", pid));
        String regex = Pattern.quote(path.substring(slash + 1).replace("%%", "%"))
                .replace("%p", "\\E(?:pid)?" + pid + "\\Q")
                .replace("%t", "\\E" + STAMP + "\\Q");
        return newest(dir, Pattern.compile(regex + "(?:\\.\\d+\\.current)?"));
    }

    private static Optional<Path> newest(Path dir, Pattern name) {
        Path newest = null;
        FileTime newestTime = null;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                if (name.matcher(f.getFileName().toString()).matches()) {
                    FileTime t = Files.getLastModifiedTime(f);
                    if (newestTime == null || t.compareTo(newestTime) > 0) {
                        newest = f;
                        newestTime = t;
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.ofNullable(newest);
    }
}
