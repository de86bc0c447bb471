package dev.zkload.runner.result;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The part of one {@code server-metrics.csv} row the report needs: the outstanding-requests chart and the
 * table of every server per step. A figure is null when the server did not answer or did not give it.
 */
public record MetricSample(
        long epochMs,
        String server,
        boolean reachable,
        String state,
        Long outstanding,
        Long connections,
        Long watches,
        Double avgLatencyMs) {

    /** A sample of the figures the outstanding-requests chart needs alone. */
    public MetricSample(long epochMs, String server, boolean reachable, String state, Long outstanding) {
        this(epochMs, server, reachable, state, outstanding, null, null, null);
    }

    /** By column name, so a column the sampler adds or moves does not shift what is read. */
    private static final CsvMapper CSV = new CsvMapper()
            .enable(CsvParser.Feature.SKIP_EMPTY_LINES)
            .enable(CsvParser.Feature.IGNORE_TRAILING_UNMAPPABLE);

    /** The server that orders writes: the leader of a quorum or the only server of a standalone one. */
    public boolean isLeader() {
        return reachable && ("LEADER".equals(state) || "STANDALONE".equals(state));
    }

    /**
     * Every sample of a server-metrics.csv; rows that cannot be used (a line cut short by a killed writer)
     * are counted in a note.
     */
    static List<MetricSample> read(Path file, List<String> notes) throws IOException {
        List<MetricSample> samples = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            notes.add(ResultFiles.METRICS + " is missing: no chart of outstanding requests over time.");
            return samples;
        }
        int unusable = 0;
        try (MappingIterator<Map<String, String>> rows = CSV.readerForMapOf(String.class)
                .with(CsvSchema.emptySchema().withHeader())
                .readValues(file.toFile())) {
            while (rows.hasNext()) {
                Map<String, String> row = rows.next();
                Long epochMs = number(row.get("epochMs"));
                if (epochMs == null) {
                    unusable++;
                    continue;
                }
                samples.add(new MetricSample(
                        epochMs,
                        row.getOrDefault("server", ""),
                        "true".equalsIgnoreCase(row.get("reachable")),
                        row.getOrDefault("state", ""),
                        number(row.get("outstandingRequests")),
                        number(row.get("aliveConnections")),
                        number(row.get("watchCount")),
                        decimal(row.get("avgLatencyMs"))));
            }
        } catch (RuntimeException e) {
            // Jackson reports a malformed row (an unclosed quote at a killed writer's last line) unchecked
            unusable++;
        }
        if (unusable > 0) {
            notes.add(ResultFiles.METRICS + ": " + unusable + " row(s) without a valid epochMs were skipped.");
        }
        return samples;
    }

    private static Long number(String text) {
        return parsed(text, Long::parseLong);
    }

    private static Double decimal(String text) {
        return parsed(text, Double::parseDouble);
    }

    /** A cell's number, or null when it is empty or not a number (a server that did not answer). */
    private static <T> T parsed(String text, Function<String, T> parse) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return parse.apply(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
