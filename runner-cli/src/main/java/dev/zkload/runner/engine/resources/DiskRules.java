package dev.zkload.runner.engine.resources;

import dev.zkload.runner.result.DiskUsage;
import dev.zkload.runner.result.LeaderStages;
import dev.zkload.runner.result.LimitedBy.Resource;
import dev.zkload.runner.result.ServerUsage;
import dev.zkload.runner.result.Stage;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.text.Amounts;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The rules of the disks: the leader's transaction log fsyncing back to back (or half the time while writes wait for
 * it), other processes writing to the disk under it, and the followers' acknowledgements that a write waits for
 * (docs/verdict.md, "Why it saturated").
 */
final class DiskRules {
    /** A transaction log whose fsyncs take this share of the time is fsyncing back to back. */
    static final double LOG_BUSY = 0.8;
    /**
     * A log whose fsyncs take this share of the time is the limit when writes also spend at least that share of
     * their time at the leader in its sync processor (its queue, batch and fsync): the rest of the sync thread's
     * time goes to writing the batch, so a log at its limit rarely reads as fsyncs back to back.
     */
    static final double LOG_HALF = 0.5;
    /** Other processes writing this much to a log's disk, bytes a second, are named beside the log's figures. */
    static final double OTHER_WRITERS_BYTES_PER_SEC = 1e6;
    /**
     * Other writers contend for the log's disk when it is busy at least this share of the time and they wrote most
     * of what it wrote ({@link #CONTENDING_SHARE}). Measured on a 2-core machine: a writer syncing every block wrote
     * 95–100% of the disk's bytes (22–250 MB/s) with the disk 42–67% busy; a quiet machine's own writes, 0.1–3.8 MB/s,
     * were 25–60% of the bytes (the servers wrote the rest) with the disk 2–37% busy.
     */
    static final double CONTENDED_BUSY_PERCENT = 30;

    static final double CONTENDING_SHARE = 0.75;

    private DiskRules() {}

    /**
     * The log is the limit: its fsyncs back to back, or, where the leader's queue met the saturation rule, half the
     * time while writes spend half theirs in the sync processor (a leader's {@code stages}; null for a follower,
     * which must then be back to back). Work short under a low queue is a throttle's mark, not a slow log's: a log at
     * its limit fills the queue.
     */
    static Optional<String> log(
            ServerUsage u, ServerUsage base, double seconds, LeaderStages stages, boolean queueSaturated) {
        ServerUsage.Fsync f = u.fsync();
        if (f == null || seconds <= 0) {
            return Optional.empty();
        }
        double busy = f.count() * f.meanMs() / 1000.0 / seconds;
        double write = stages == null ? 0 : stages.pathMs(true);
        double sync = stages == null || stages.of(Stage.SYNC) == null
                ? 0
                : stages.of(Stage.SYNC).meanMs();
        boolean syncBound = queueSaturated && write > 0 && sync >= LOG_HALF * write;
        if (busy < LOG_BUSY && !(busy >= LOG_HALF && syncBound)) {
            return Optional.empty();
        }
        String vsBase;
        if (base == null || base.fsync() == null || base.fsync().meanMs() <= 0) {
            vsBase = "";
        } else if (f.meanMs() / base.fsync().meanMs() < 1.5) {
            // as slow on the empty ensemble: the disk itself, not what the load made of it
            vsBase = String.format(
                    Locale.ROOT,
                    ", as slow as on the empty ensemble (%.1f ms)",
                    base.fsync().meanMs());
        } else {
            vsBase = String.format(
                    Locale.ROOT,
                    ", %s the baseline's %.1f ms",
                    Amounts.times(f.meanMs() / base.fsync().meanMs()),
                    base.fsync().meanMs());
        }
        return Optional.of(String.format(
                        Locale.ROOT,
                        "fsyncs took %.0f%% of the time%s (%d averaging %.1f ms%s)",
                        100 * Math.min(1, busy),
                        busy >= LOG_BUSY ? ", back to back" : "",
                        f.count(),
                        f.meanMs(),
                        vsBase)
                + (syncBound
                        ? String.format(
                                Locale.ROOT,
                                ", and a write spent %.1f of its %.1f ms at the leader in the sync processor",
                                sync,
                                write)
                        : ""));
    }

    /** Other processes writing to the disk under {@code server}'s log, in words after its log's figures; empty if none did. */
    static String othersOnTheDisk(StepResult at, String server) {
        return logDisk(at, server)
                .filter(d -> d.getValue().othersBytesPerSec() != null
                        && d.getValue().othersBytesPerSec() >= OTHER_WRITERS_BYTES_PER_SEC)
                .map(d -> String.format(
                        Locale.ROOT,
                        ", while other processes wrote %.1f MB/s to its disk (%s, %.0f%% busy)",
                        d.getValue().othersBytesPerSec() / 1e6,
                        d.getKey(),
                        d.getValue().busyPercent()))
                .orElse("");
    }

    /** Whether other processes contended for {@code server}'s log disk: it busy, and most of its writes theirs. */
    static boolean othersContended(StepResult at, String server) {
        return logDisk(at, server)
                .map(Map.Entry::getValue)
                .filter(d -> d.othersBytesPerSec() != null
                        && d.othersBytesPerSec() >= OTHER_WRITERS_BYTES_PER_SEC
                        && d.busyPercent() >= CONTENDED_BUSY_PERCENT
                        && d.othersBytesPerSec() >= CONTENDING_SHARE * d.writtenBytesPerSec())
                .isPresent();
    }

    /** The disk (by name) that holds {@code server}'s transaction log, where it runs here and was found. */
    static Optional<Map.Entry<String, DiskUsage>> logDisk(StepResult at, String server) {
        return at.resources() == null
                ? Optional.empty()
                : at.resources().disks().entrySet().stream()
                        .filter(d -> d.getValue().logsOf().contains(server))
                        .findFirst();
    }

    /** A write's wait for the quorum is most of its time at the leader, far beyond the leader's own log. */
    static Optional<LimitingResource.Finding> quorum(StepResult at, String leader, double seconds) {
        LeaderStages st = at.stages();
        if (st == null || st.of(Stage.QUORUM_ACK) == null || st.of(Stage.WRITE_COMMIT) == null) {
            return Optional.empty();
        }
        double ack = st.of(Stage.QUORUM_ACK).meanMs();
        double own = st.of(Stage.SYNC) == null ? 0 : st.of(Stage.SYNC).meanMs();
        double total = st.pathMs(true);
        if (total <= 0 || ack < 0.5 * total || ack < 2 * own) {
            return Optional.empty();
        }
        List<String> slowLogs = new ArrayList<>();
        if (at.resources() != null) {
            at.resources().servers().forEach((s, u) -> {
                if (!s.equals(leader) && log(u, null, seconds, null, false).isPresent()) {
                    slowLogs.add(s);
                }
            });
        }
        return Optional.of(new LimitingResource.Finding(
                Resource.QUORUM,
                null,
                String.format(
                        Locale.ROOT,
                        "waiting for the followers' acknowledgements took %.1f ms of a write's %.1f ms at the leader,"
                                + " its own log %.1f ms: %s",
                        ack,
                        total,
                        own,
                        slowLogs.isEmpty()
                                ? "the network or the followers"
                                : "the transaction log of " + String.join(", ", slowLogs) + " fsyncing back to back")));
    }
}
