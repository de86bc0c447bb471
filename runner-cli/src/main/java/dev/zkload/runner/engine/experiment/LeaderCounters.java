package dev.zkload.runner.engine.experiment;

import dev.zkload.bench.stats.ServerStats;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.time.Duration;

/**
 * The leader's own counters an experiment judges a level by: its znode count, the approximate size
 * of its data, and its snapshots so far ({@code mntr}'s {@code snapshottime} summary: how many, and
 * their total milliseconds; its fsyncs likewise). The leader, because it applies every write first; a standalone server
 * is its own leader.
 */
final class LeaderCounters {
    private final PreparedRun run;

    LeaderCounters(PreparedRun run) {
        this.run = run;
    }

    /**
     * @param znodes              znodes in the tree
     * @param approximateDataSize bytes of data and paths in the tree, as the server estimates them
     * @param snapshots           snapshots taken since the server started, or -1 if not reported
     * @param snapshotMs          their total time, ms, or -1 if not reported
     * @param fsyncs              transaction log fsyncs since the server started, or -1 if not reported
     * @param fsyncMs             their total time, ms, or -1 if not reported
     */
    record Reading(long znodes, long approximateDataSize, long snapshots, long snapshotMs, long fsyncs, long fsyncMs) {}

    /** The leader's counters now, or null when no server could be read or none leads. */
    Reading read() throws InterruptedException {
        ServerStats stats = leaderStats();
        if (stats == null) {
            return null;
        }
        return new Reading(
                stats.znodeCount(),
                stats.approximateDataSize(),
                count(stats, "snapshottime"),
                sum(stats, "snapshottime"),
                count(stats, "fsynctime"),
                sum(stats, "fsynctime"));
    }

    /** A summary's count since the server started; -1 when it does not report it. */
    private static long count(ServerStats stats, String summary) {
        return stats.summary(summary).map(ServerStats.Summary::count).orElse(-1L);
    }

    /** A summary's sum since the server started, ms; -1 when it does not report it. */
    private static long sum(ServerStats stats, String summary) {
        return stats.summary(summary).map(s -> Math.round(s.sum())).orElse(-1L);
    }

    /**
     * Waits until the leader holds {@code expected} znodes (a write is applied by the time its reply
     * arrives, but a reading may race a server's own housekeeping), or the time is up.
     *
     * @return the leader's last count, or -1 if it could not be read
     */
    long awaitZnodes(long expected, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long last = -1;
        while (true) {
            ServerStats stats = leaderStats();
            last = stats == null ? -1 : stats.znodeCount();
            if (last == expected || System.nanoTime() > deadline) {
                return last;
            }
            Thread.sleep(100);
        }
    }

    private ServerStats leaderStats() throws InterruptedException {
        for (ServerAddress server : run.target().servers()) {
            try {
                ServerStats stats = run.stats().monitor(server);
                if (stats.state().leads()) {
                    return stats;
                }
            } catch (IOException e) {
                // an unreachable server is not the leader we can read; try the next one
            }
        }
        return null;
    }
}
