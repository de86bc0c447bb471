package dev.zkload.bench.stats;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Appends samples to a CSV file (Jackson's CSV dataformat), one row per server per sample, flushed
 * per row so a crash loses nothing already sampled. Columns are {@link Row}'s, in order; unknown
 * values are empty cells.
 */
final class StatsCsv implements AutoCloseable {
    /** Quotes a cell only when it must (a comma, a quote): Jackson otherwise quotes every long value. */
    private static final CsvMapper CSV = CsvMapper.builder()
            .enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING)
            .build();

    static final CsvSchema SCHEMA = CSV.schemaFor(Row.class);
    /** The header line: the column names, which readers address by name. */
    static final String HEADER = String.join(",", SCHEMA.getColumnNames());

    /**
     * One row: {@code time} (ISO-8601 UTC), {@code epochMs}, {@code server} (host:port), {@code reachable},
     * {@code unresponsive} (asked, but no answer within the round's deadline), {@code source} ({@code 4LW}
     * or {@code ADMIN_HTTP}), the server's counters, and {@code error} when it did not answer. The running totals
     * ({@code fsyncCount}, {@code fsyncTotalMs}, {@code bytesReceived}, {@code bytesSent}, {@code throttledOps}: the
     * server's since it started, ZooKeeper 3.6 and later; {@code processCpuSec}: its process's CPU time, where it
     * runs on this machine) give a window's figures as the difference of two rows.
     */
    @JsonPropertyOrder({
        "time",
        "epochMs",
        "server",
        "reachable",
        "unresponsive",
        "source",
        "state",
        "version",
        "znodeCount",
        "watchCount",
        "ephemeralsCount",
        "aliveConnections",
        "outstandingRequests",
        "minLatencyMs",
        "avgLatencyMs",
        "maxLatencyMs",
        "approximateDataSize",
        "fsyncThresholdExceedCount",
        "fsyncCount",
        "fsyncTotalMs",
        "bytesReceived",
        "bytesSent",
        "throttledOps",
        "processCpuSec",
        "error"
    })
    record Row(
            String time,
            long epochMs,
            String server,
            boolean reachable,
            boolean unresponsive,
            String source,
            String state,
            String version,
            Long znodeCount,
            Long watchCount,
            Long ephemeralsCount,
            Long aliveConnections,
            Long outstandingRequests,
            Double minLatencyMs,
            Double avgLatencyMs,
            Double maxLatencyMs,
            Long approximateDataSize,
            Long fsyncThresholdExceedCount,
            Long fsyncCount,
            Double fsyncTotalMs,
            Long bytesReceived,
            Long bytesSent,
            Long throttledOps,
            Double processCpuSec,
            String error) {

        /** @param cpuSec the server process's CPU time, s; NaN when not read */
        static Row of(StatsSample sample, double cpuSec) {
            Double cpu = Double.isNaN(cpuSec) ? null : Math.round(cpuSec * 100.0) / 100.0;
            ServerStats s = sample.stats();
            String error = sample.error() == null
                    ? null
                    : sample.error().replace('\n', ' ').replace('\r', ' ');
            if (s == null) {
                return new Row(
                        sample.time().toString(),
                        sample.time().toEpochMilli(),
                        sample.server().hostPort(),
                        false,
                        sample.unresponsive(),
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        cpu,
                        error);
            }
            var fsync = s.summary("fsynctime");
            long responses = s.counter("response_bytes");
            long watches = s.counter("watch_bytes");
            return new Row(
                    sample.time().toString(),
                    sample.time().toEpochMilli(),
                    sample.server().hostPort(),
                    true,
                    false,
                    s.source() == ServerStats.Source.FOUR_LETTER_WORD ? "4LW" : "ADMIN_HTTP",
                    s.state().name(),
                    s.version(),
                    count(s.znodeCount()),
                    count(s.watchCount()),
                    count(s.ephemeralsCount()),
                    count(s.aliveConnections()),
                    count(s.outstandingRequests()),
                    decimal(s.minLatencyMs()),
                    decimal(s.avgLatencyMs()),
                    decimal(s.maxLatencyMs()),
                    count(s.approximateDataSize()),
                    count(s.fsyncThresholdExceedCount()),
                    fsync.map(ServerStats.Summary::count).orElse(null),
                    fsync.map(f -> decimal(f.sum())).orElse(null),
                    count(s.counter("bytes_received_count")),
                    responses < 0 || watches < 0 ? null : responses + watches,
                    count(s.counter("throttled_ops")),
                    cpu,
                    error);
        }

        private static Long count(long v) {
            return v < 0 ? null : v;
        }

        private static Double decimal(double v) {
            return Double.isNaN(v) ? null : Math.round(v * 1000.0) / 1000.0;
        }
    }

    private final BufferedWriter out;
    private final SequenceWriter rows;

    StatsCsv(Path file) throws IOException {
        boolean fresh = !Files.exists(file) || Files.size(file) == 0;
        out = Files.newBufferedWriter(
                file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        rows = CSV.writer(fresh ? SCHEMA.withHeader() : SCHEMA.withoutHeader()).writeValues(out);
    }

    /** One sample as the CSV line it becomes (without the line end). */
    static String row(StatsSample sample) throws IOException {
        return CSV.writer(SCHEMA).writeValueAsString(Row.of(sample, Double.NaN)).stripTrailing();
    }

    /** @param cpuSec the server process's CPU time, s; NaN when not read */
    synchronized void append(StatsSample sample, double cpuSec) throws IOException {
        rows.write(Row.of(sample, cpuSec));
        rows.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        rows.close();
    }
}
