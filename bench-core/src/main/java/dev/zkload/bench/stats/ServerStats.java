package dev.zkload.bench.stats;

import dev.zkload.zk.connect.ServerAddress;
import java.util.Map;

/**
 * One reading of a server's own counters ({@code mntr}, or the AdminServer's {@code monitor}).
 * Counts that the server did not report are -1 (older servers lack some keys).
 *
 * @param server                    the server read
 * @param source                    how it was read
 * @param version                   the server's version string
 * @param state                     its role
 * @param znodeCount                znodes in the tree (the same on every server)
 * @param watchCount                watches set by this server's own sessions
 * @param ephemeralsCount           ephemeral znodes in the tree
 * @param aliveConnections          client connections to this server
 * @param outstandingRequests       requests queued and not yet answered
 * @param minLatencyMs              smallest request latency since the counters were reset, ms
 * @param avgLatencyMs              average request latency since the counters were reset, ms
 * @param maxLatencyMs              largest request latency since the counters were reset, ms
 * @param approximateDataSize       approximate bytes of data in the tree
 * @param fsyncThresholdExceedCount fsyncs slower than {@code fsync.warningthresholdms}
 * @param raw                       every key and value as the server sent them
 */
public record ServerStats(
        ServerAddress server,
        Source source,
        String version,
        ServerState state,
        long znodeCount,
        long watchCount,
        long ephemeralsCount,
        long aliveConnections,
        long outstandingRequests,
        double minLatencyMs,
        double avgLatencyMs,
        double maxLatencyMs,
        long approximateDataSize,
        long fsyncThresholdExceedCount,
        Map<String, String> raw) {

    /** Where a reading came from. */
    public enum Source {
        /** The {@code mntr} four-letter word on the client port. */
        FOUR_LETTER_WORD,
        /** The AdminServer's HTTP {@code /commands/monitor}, used when {@code mntr} is not whitelisted. */
        ADMIN_HTTP
    }

    public ServerStats {
        raw = Map.copyOf(raw);
    }

    /**
     * Builds a reading from {@code mntr}-style keys ({@code zk_znode_count}, …); the AdminServer's
     * keys are the same without the {@code zk_} prefix and are accepted too.
     */
    static ServerStats fromKeys(ServerAddress server, Source source, Map<String, String> keys) {
        Keys k = new Keys(keys);
        return new ServerStats(
                server,
                source,
                k.text("version"),
                ServerState.parse(k.text("server_state")),
                k.count("znode_count"),
                k.count("watch_count"),
                k.count("ephemerals_count"),
                k.count("num_alive_connections"),
                k.count("outstanding_requests"),
                k.decimal("min_latency"),
                k.decimal("avg_latency"),
                k.decimal("max_latency"),
                k.count("approximate_data_size"),
                k.count("fsync_threshold_exceed_count"),
                keys);
    }

    /**
     * Any counter the server reported beside the named ones (e.g. {@code cnt_snapshottime}), by its key
     * with or without {@code mntr}'s {@code zk_} prefix; -1 when the server did not report it.
     */
    public long counter(String key) {
        return new Keys(raw).count(key);
    }

    /**
     * One of the summaries ZooKeeper 3.6 and later keep (e.g. {@code fsynctime}, {@code quorum_ack_latency}): its
     * count and sum since the server started, from {@code cnt_<name>} and {@code sum_<name>}, and its largest value
     * ({@code max_<name>}) — or, where the server's metrics provider is Prometheus's, from {@code <name>_count} and
     * {@code <name>_sum} without a largest; empty when the server does not report it.
     */
    public java.util.Optional<Summary> summary(String name) {
        Keys k = new Keys(raw);
        long count = k.count("cnt_" + name);
        double sum = k.decimal("sum_" + name);
        if (count >= 0 && !Double.isNaN(sum)) {
            return java.util.Optional.of(new Summary(count, sum, k.decimal("max_" + name)));
        }
        // a server whose metrics provider is Prometheus's dumps its summaries in Prometheus's names, without a max
        count = k.count(name + "_count");
        sum = k.decimal(name + "_sum");
        if (count < 0 || Double.isNaN(sum)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new Summary(count, sum, Double.NaN));
    }

    /**
     * A server-side summary's running totals: two readings' difference is the window's count and mean.
     *
     * @param count how many values were added since the server started
     * @param sum   their total, in the summary's unit (ms for the times)
     * @param max   the largest since the server started; NaN when not reported
     */
    public record Summary(long count, double sum, double max) {}

    /** Looks a key up with or without the {@code zk_} prefix; unparsable values read as unknown. */
    private record Keys(Map<String, String> map) {
        String text(String key) {
            String v = map.get("zk_" + key);
            return v != null ? v : map.get(key);
        }

        long count(String key) {
            String v = text(key);
            if (v == null) {
                return -1;
            }
            try {
                return (long) Double.parseDouble(v.trim());
            } catch (NumberFormatException e) {
                return -1;
            }
        }

        double decimal(String key) {
            String v = text(key);
            if (v == null) {
                return Double.NaN;
            }
            try {
                return Double.parseDouble(v.trim());
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }
    }
}
