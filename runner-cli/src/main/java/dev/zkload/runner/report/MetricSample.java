package dev.zkload.runner.report;

/**
 * The part of one {@code server-metrics.csv} row the charts need. {@code outstanding} is null when the
 * server did not answer.
 */
record MetricSample(long epochMs, String server, boolean reachable, String state, Long outstanding) {

    /** The server that orders writes: the leader of a quorum or the only server of a standalone one. */
    boolean isLeader() {
        return reachable && ("LEADER".equals(state) || "STANDALONE".equals(state));
    }
}
