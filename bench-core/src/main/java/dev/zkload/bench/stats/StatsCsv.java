package dev.zkload.bench.stats;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * Appends samples to a CSV file, one row per server per sample, flushed per row so a crash loses
 * nothing already sampled. Columns: {@code time} (ISO-8601 UTC), {@code epochMs}, {@code server}
 * (host:port), {@code reachable}, {@code source} (4LW or ADMIN_HTTP), {@code state}, {@code version},
 * {@code znodeCount}, {@code watchCount}, {@code ephemeralsCount}, {@code aliveConnections},
 * {@code outstandingRequests}, {@code minLatencyMs}, {@code avgLatencyMs}, {@code maxLatencyMs},
 * {@code approximateDataSize}, {@code fsyncThresholdExceedCount}, {@code error}. Unknown values
 * are empty cells.
 */
final class StatsCsv implements AutoCloseable {
    static final String HEADER = "time,epochMs,server,reachable,source,state,version,znodeCount,watchCount,"
            + "ephemeralsCount,aliveConnections,outstandingRequests,minLatencyMs,avgLatencyMs,maxLatencyMs,"
            + "approximateDataSize,fsyncThresholdExceedCount,error";

    private final BufferedWriter out;

    StatsCsv(Path file) throws IOException {
        boolean fresh = !Files.exists(file) || Files.size(file) == 0;
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        if (fresh) {
            out.write(HEADER);
            out.newLine();
            out.flush();
        }
    }

    synchronized void append(StatsSample sample) throws IOException {
        out.write(row(sample));
        out.newLine();
        out.flush();
    }

    static String row(StatsSample sample) {
        ServerStats s = sample.stats();
        StringBuilder b = new StringBuilder(200);
        b.append(sample.time()).append(',').append(sample.time().toEpochMilli()).append(',')
                .append(sample.server().hostPort()).append(',').append(s != null).append(',');
        if (s != null) {
            b.append(s.source() == ServerStats.Source.FOUR_LETTER_WORD ? "4LW" : "ADMIN_HTTP").append(',')
                    .append(s.state()).append(',').append(quote(s.version())).append(',')
                    .append(count(s.znodeCount())).append(',').append(count(s.watchCount())).append(',')
                    .append(count(s.ephemeralsCount())).append(',').append(count(s.aliveConnections())).append(',')
                    .append(count(s.outstandingRequests())).append(',').append(decimal(s.minLatencyMs())).append(',')
                    .append(decimal(s.avgLatencyMs())).append(',').append(decimal(s.maxLatencyMs())).append(',')
                    .append(count(s.approximateDataSize())).append(',').append(count(s.fsyncThresholdExceedCount()))
                    .append(',');
        } else {
            b.append(",,,,,,,,,,,,,");
        }
        return b.append(quote(sample.error())).toString();
    }

    private static String count(long v) {
        return v < 0 ? "" : Long.toString(v);
    }

    private static String decimal(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String quote(String text) {
        if (text == null || text.isEmpty()) {
            return "";
        }
        String oneLine = text.replace('\n', ' ').replace('\r', ' ');
        return oneLine.contains(",") || oneLine.contains("\"") ? "\"" + oneLine.replace("\"", "\"\"") + "\"" : oneLine;
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
