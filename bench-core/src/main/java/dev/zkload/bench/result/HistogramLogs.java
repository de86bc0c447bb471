package dev.zkload.bench.result;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * HdrHistogram interval logs of a run, so it can be re-analysed (and shards merged exactly):
 * one file per target, one interval per operation, tagged with the operation's result-file name,
 * latencies in microseconds.
 */
public final class HistogramLogs {
    /** {@code <prefix>-<n>-<target>.hlog}: the prefix says which run or step, n the target's place in it. */
    private static final java.util.regex.Pattern NAME =
            java.util.regex.Pattern.compile("(step-\\d+|[A-Za-z]+)-(\\d+)-(.*)\\.hlog");

    private HistogramLogs() {}

    /**
     * The file name of target number {@code n} (from 1, in the order measured) of a run or step.
     *
     * @param prefix what the log belongs to: {@code latency}, {@code step-03}
     */
    public static String fileName(String prefix, int n, String target) {
        return prefix + "-" + n + "-" + target.replaceAll("[^A-Za-z0-9.-]+", "_") + ".hlog";
    }

    /**
     * A log's prefix, target number and target (as written in the name) from its file name; empty when the
     * name is not one {@link #fileName} makes.
     */
    public static java.util.Optional<Name> parseName(String fileName) {
        java.util.regex.Matcher m = NAME.matcher(fileName);
        if (!m.matches()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new Name(m.group(1), Integer.parseInt(m.group(2)), m.group(3)));
    }

    /** What a log's file name says: {@code step-03}, target 1, {@code 127.0.0.1_2181}. */
    public record Name(String prefix, int target, String targetName) {}

    /** Writes the histograms (tag → histogram, each with start/end time stamps set) to {@code file}. */
    public static void write(Path file, String comment, Map<String, Histogram> byTag) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, "UTF-8")) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputComment(comment);
            writer.outputComment("latencies in microseconds; one interval per operation, tagged with its name");
            writer.outputLogFormatVersion();
            writer.outputLegend();
            for (Map.Entry<String, Histogram> e : byTag.entrySet()) {
                Histogram h = e.getValue().copy();
                h.setTag(e.getKey());
                h.setStartTimeStamp(e.getValue().getStartTimeStamp());
                h.setEndTimeStamp(e.getValue().getEndTimeStamp());
                writer.outputIntervalHistogram(h);
            }
        }
    }

    /** Reads a file written by {@link #write}: tag → histogram (tags met twice are added up). */
    public static Map<String, Histogram> read(Path file) throws IOException {
        Map<String, Histogram> byTag = new LinkedHashMap<>();
        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        EncodableHistogram next;
        while ((next = reader.nextIntervalHistogram()) != null) {
            Histogram h = (Histogram) next;
            byTag.merge(h.getTag(), h, (a, b) -> {
                a.add(b);
                return a;
            });
        }
        reader.close();
        return byTag;
    }
}
