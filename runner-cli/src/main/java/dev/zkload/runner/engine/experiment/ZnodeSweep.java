package dev.zkload.runner.engine.experiment;

import dev.zkload.bench.ops.LatencyListener;
import dev.zkload.bench.ops.TreeFill;
import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.runner.result.LevelResult;
import dev.zkload.runner.result.RunKind;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * {@code znodes}: does the ensemble slow down as it holds more znodes? For each level the tree
 * under the run's root is filled (pipelined, not measured) until the ensemble holds that many more
 * znodes than before, the leader is asked whether it does, and the seven-op benchmark runs on top.
 * The snapshots the leader took meanwhile (their count and time from {@code mntr}, the newest file's
 * size on an embedded ensemble) show what the znodes cost the disk. The filled tree is removed at the
 * end, also after Ctrl-C.
 */
public final class ZnodeSweep implements Sweep.Experiment {
    private static final Duration SESSION_TIMEOUT = Duration.ofSeconds(30);

    private final PreparedRun run;
    private final ZnodeSweepPlan plan;
    private final LatencyListener listener;
    private final LeaderCounters leader;
    private final String fillRoot;
    private final byte[] data;
    private ZooKeeper zk;
    private LeaderCounters.Reading baseline;
    private long filled;

    public ZnodeSweep(PreparedRun run, ZnodeSweepPlan plan, LatencyListener listener) {
        this.run = run;
        this.plan = plan;
        this.listener = listener;
        this.leader = new LeaderCounters(run);
        this.fillRoot = run.root() + "/fill";
        this.data = new byte[plan.fillSize()];
    }

    @Override
    public Sweep.LevelPlan levels() {
        return Sweep.LevelPlan.of(plan.levels());
    }

    @Override
    public RunKind kind() {
        return RunKind.ZNODES;
    }

    @Override
    public void open(List<String> notes) throws KeeperException, InterruptedException, IOException {
        zk = RunSessions.open(run, SESSION_TIMEOUT, plan.bench().connectTimeout(), null);
        zk.create(fillRoot, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        baseline = leader.read();
        if (baseline == null) {
            notes.add("The leader's znode count could not be read: the levels are the znodes zkload created,"
                    + " not observed on the ensemble.");
        }
    }

    @Override
    public LevelResult measure(int index, Level level, GeneratorMonitor monitor)
            throws KeeperException, InterruptedException, IOException {
        Instant start = Instant.now();
        Map<String, Double> measured = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        LeaderCounters.Reading before = leader.read();
        long fillStart = System.nanoTime();
        TreeFill.fill(zk, fillRoot, filled, level.value(), data);
        double fillSeconds = (System.nanoTime() - fillStart) / 1e9;
        measured.put("fillSeconds", Sweep.round(fillSeconds, 3));
        if (level.value() > filled && fillSeconds > 0) {
            measured.put("fillPerSecond", Sweep.round((level.value() - filled) / fillSeconds, 0));
        }
        filled = level.value();
        if (baseline != null) {
            long expected = baseline.znodes() + level.value();
            long onServer = leader.awaitZnodes(expected, Duration.ofSeconds(10));
            measured.put("znodesOnServer", (double) onServer);
            measured.put("znodesExpected", (double) expected);
            if (onServer != expected) {
                notes.add("The leader holds " + onServer + " znodes where " + expected
                        + " were expected: another client is changing the tree.");
            }
        }
        BenchSettings.Outcome bench = plan.bench().measure(run, plan.bench().size(), listener, monitor);
        // the last readings are taken even after Ctrl-C, whose interrupt is kept for the sweep
        Thread.interrupted();
        try {
            snapshots(before, leader.read(), measured, notes);
        } finally {
            if (bench.interrupted()) {
                Thread.currentThread().interrupt();
            }
        }
        return new LevelResult(
                index,
                level.label(),
                level.value(),
                start,
                Instant.now(),
                measured,
                notes,
                bench.ops(),
                bench.health(),
                bench.interrupted());
    }

    /** The snapshots the leader took while the level was filled and measured, and the newest one's size. */
    private void snapshots(
            LeaderCounters.Reading before,
            LeaderCounters.Reading after,
            Map<String, Double> measured,
            List<String> notes)
            throws IOException {
        if (before == null || after == null || before.snapshots() < 0 || after.snapshots() < 0) {
            notes.add("The leader's snapshot counters could not be read: snapshots are not reported at this level.");
            return;
        }
        long taken = after.snapshots() - before.snapshots();
        measured.put("approximateDataBytes", (double) after.approximateDataSize());
        measured.put("snapshots", (double) taken);
        if (taken <= 0) {
            notes.add("The leader took no snapshot during this level (it takes one every snapCount transactions).");
            return;
        }
        measured.put("snapshotMsAvg", Sweep.round((after.snapshotMs() - before.snapshotMs()) / (double) taken, 1));
        var ensemble = run.target().ensemble();
        if (ensemble.isEmpty()) {
            notes.add("The snapshot's size is not observable on a remote ensemble (the files are on the servers).");
            return;
        }
        int leaderId = ensemble.get().leader();
        if (leaderId > 0) {
            SnapshotFiles.newestSize(ensemble.get().dataDir(leaderId))
                    .ifPresent(bytes -> measured.put("snapshotBytes", (double) bytes));
        }
    }

    /** Removes the filled tree whatever happened. */
    @Override
    public void close(List<String> notes) {
        if (zk != null) {
            RunSessions.removeTrees(zk, notes, fillRoot);
            RunSessions.closeAll(List.of(zk));
        }
    }
}
