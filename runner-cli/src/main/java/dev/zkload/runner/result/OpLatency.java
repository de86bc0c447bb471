package dev.zkload.runner.result;

import dev.zkload.bench.result.OpStats;
import org.HdrHistogram.Histogram;

/**
 * One operation's figures at one step or target: counts, errors and rate as the run recorded them, and
 * every latency percentile from its HdrHistogram log. Without a log (an older folder, a damaged file)
 * the percentiles the run recorded (p50, p90, p99, p99.9, max) are used and any other is unknown.
 *
 * @param stats     as steps.jsonl or latency.json recorded it; null when only the log has the operation
 * @param histogram microseconds, from the log; null when there is none
 */
public record OpLatency(String op, OpStats stats, Histogram histogram) {

    /** True when the percentiles come from the histogram log. */
    public boolean fromHistogram() {
        return histogram != null && histogram.getTotalCount() > 0;
    }

    /** Calls measured (successful or not). */
    public long count() {
        return fromHistogram() ? histogram.getTotalCount() : stats == null ? 0 : stats.count();
    }

    /** The {@code percentile} (0–100] latency in ms; null when it cannot be known. */
    public Double percentileMs(double percentile) {
        if (fromHistogram()) {
            return percentile >= 100 ? OpStats.maxMs(histogram) : OpStats.percentileMs(histogram, percentile);
        }
        if (stats == null || stats.count() == 0) {
            return null;
        }
        if (percentile == 50) {
            return stats.p50Ms();
        } else if (percentile == 90) {
            return stats.p90Ms();
        } else if (percentile == 99) {
            return stats.p99Ms();
        } else if (percentile == 99.9) {
            return stats.p999Ms();
        } else if (percentile >= 100) {
            return stats.maxMs();
        }
        return null;
    }

    public Double maxMs() {
        return percentileMs(100);
    }

    /** Calls per second; null when the run recorded none. */
    public Double opsPerSec() {
        return stats == null ? null : stats.opsPerSec();
    }

    public long errors() {
        return stats == null ? 0 : stats.errors();
    }

    /** Failed calls over all calls, 0–1; null when there were no calls. */
    public Double errorRate() {
        return stats == null || stats.count() == 0 ? null : (double) stats.errors() / stats.count();
    }
}
