package dev.zkload.bench.result;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * What one operation did over one phase: the field names are those of {@code steps.jsonl} and
 * {@code latency.json} (architecture.md, "Result files").
 *
 * @param count        calls made (successful or not)
 * @param errors       calls that failed
 * @param errorsByCode failed calls by {@code KeeperException.Code} name
 * @param opsPerSec    calls per second over the phase
 * @param p50Ms        median latency, ms
 * @param p90Ms        90th percentile, ms
 * @param p99Ms        99th percentile, ms
 * @param p999Ms       99.9th percentile, ms
 * @param maxMs        largest latency, ms
 * @param elapsedMs    length of the phase, ms
 */
@JsonPropertyOrder({
    "count",
    "errors",
    "opsPerSec",
    "p50Ms",
    "p90Ms",
    "p99Ms",
    "p999Ms",
    "maxMs",
    "elapsedMs",
    "errorsByCode"
})
public record OpStats(
        long count,
        long errors,
        Map<String, Long> errorsByCode,
        double opsPerSec,
        double p50Ms,
        double p90Ms,
        double p99Ms,
        double p999Ms,
        double maxMs,
        double elapsedMs) {

    public OpStats {
        // in the order given, as written: Map.copyOf would order the codes anew in every JVM
        errorsByCode = errorsByCode == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(errorsByCode));
    }

    /**
     * Summarises a histogram of latencies recorded in microseconds.
     *
     * @param elapsedNanos how long the phase took
     */
    public static OpStats of(Histogram micros, Map<String, Long> errorsByCode, long elapsedNanos) {
        long count = micros.getTotalCount();
        long errors = errorsByCode.values().stream().mapToLong(Long::longValue).sum();
        double seconds = elapsedNanos / 1e9;
        return new OpStats(
                count,
                errors,
                new TreeMap<>(errorsByCode),
                seconds > 0 ? round(count / seconds) : 0.0,
                ms(micros, 50),
                ms(micros, 90),
                ms(micros, 99),
                ms(micros, 99.9),
                count == 0 ? 0.0 : maxMs(micros),
                round(elapsedNanos / 1e6));
    }

    private static double ms(Histogram micros, double percentile) {
        return micros.getTotalCount() == 0 ? 0.0 : percentileMs(micros, percentile);
    }

    /**
     * A percentile of a histogram of microseconds, in ms rounded as result files write it: a report that
     * reads the histogram back from its log gets the very value the run wrote.
     */
    public static double percentileMs(Histogram micros, double percentile) {
        return round(micros.getValueAtPercentile(percentile) / 1000.0);
    }

    /** The largest latency of a histogram of microseconds, in ms rounded as result files write it. */
    public static double maxMs(Histogram micros) {
        return round(micros.getMaxValue() / 1000.0);
    }

    /** The same figures with another rate: a merge of concurrent clients' runs adds their rates. */
    public OpStats withOpsPerSec(double rate) {
        return new OpStats(count, errors, errorsByCode, round(rate), p50Ms, p90Ms, p99Ms, p999Ms, maxMs, elapsedMs);
    }

    private static double round(double v) {
        return Math.round(v * 1000.0) / 1000.0;
    }
}
