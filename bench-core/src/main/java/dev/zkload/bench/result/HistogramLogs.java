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
    private HistogramLogs() {}

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
