package dev.zkload.runner.engine.experiment;

import dev.zkload.bench.client.Connections;
import dev.zkload.bench.ops.LatencyBenchmark;
import dev.zkload.bench.ops.LatencyConfig;
import dev.zkload.bench.ops.LatencyListener;
import dev.zkload.bench.ops.LatencyRun;
import dev.zkload.bench.ops.TreeFill;
import dev.zkload.bench.result.TargetResult;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.runner.result.GeneratorHealth;
import dev.zkload.runner.result.LevelResult;
import dev.zkload.runner.result.SweepSummary;
import dev.zkload.runner.result.SweepSummary.Stop;
import dev.zkload.sim.zk.ZkTrees;
import java.io.IOException;
import java.io.PrintWriter;
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
 * znodes than before, the servers are asked whether they do, and the seven-op benchmark runs on
 * top. The snapshots the servers took meanwhile (their count and time from {@code mntr}, the newest
 * file's size on an embedded ensemble) show what the znodes cost the disk. Each level is appended
 * to {@code levels.jsonl} as it finishes; the filled tree is removed at the end, also after Ctrl-C.
 */
public final class ZnodeSweep {
    private static final Duration SESSION_TIMEOUT = Duration.ofSeconds(30);

    private final PreparedRun run;
    private final ZnodeSweepPlan plan;
    private final LatencyListener listener;
    private final PrintWriter console;
    private final LeaderCounters leader;

    public ZnodeSweep(PreparedRun run, ZnodeSweepPlan plan, LatencyListener listener, PrintWriter console) {
        this.run = run;
        this.plan = plan;
        this.listener = listener;
        this.console = console;
        this.leader = new LeaderCounters(run);
    }

    /**
     * Runs every level, or until Ctrl-C or a failure.
     *
     * @throws RunFailure when the ensemble cannot be reached at all
     */
    public SweepSummary run() {
        String fillRoot = run.root() + "/fill";
        List<String> notes = new ArrayList<>();
        int finished = 0;
        Stop stop = Stop.COMPLETED;
        String detail = null;
        ZooKeeper zk = open();
        try (GeneratorMonitor monitor =
                new GeneratorMonitor(plan.limits(), run.target().ensemble().orElse(null))) {
            zk.create(fillRoot, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            LeaderCounters.Reading baseline = leader.read();
            if (baseline == null) {
                notes.add("The servers' znode counts could not be read: the levels are the znodes zkload created,"
                        + " not observed on the ensemble.");
            }
            byte[] data = new byte[plan.fillSize()];
            long filled = 0;
            for (int i = 0; i < plan.levels().size(); i++) {
                Level level = plan.levels().get(i);
                LevelResult result = level(i + 1, level, zk, fillRoot, filled, data, baseline, monitor);
                filled = level.value();
                run.results().appendLevel(result);
                console.println(LevelLine.of(result, plan.levels().size()));
                console.flush();
                if (result.interrupted()) {
                    stop = Stop.INTERRUPTED;
                    detail = "Ctrl-C during level " + level.label() + "; the levels before it are complete.";
                    break;
                }
                finished++;
            }
        } catch (InterruptedException e) {
            stop = Stop.INTERRUPTED;
            detail = "Ctrl-C while filling level " + plan.levels().get(finished).label()
                    + "; the levels before it are complete.";
            Thread.currentThread().interrupt();
        } catch (KeeperException | IOException e) {
            stop = Stop.ERRORS;
            detail = "The ensemble refused at level "
                    + plan.levels()
                            .get(Math.min(finished, plan.levels().size() - 1))
                            .label() + ": "
                    + e.getMessage();
        } finally {
            removeFill(zk, fillRoot, notes);
        }
        return new SweepSummary("znodes", plan.levels().size(), finished, stop, detail, Instant.now(), notes);
    }

    private LevelResult level(
            int index,
            Level level,
            ZooKeeper zk,
            String fillRoot,
            long filled,
            byte[] data,
            LeaderCounters.Reading baseline,
            GeneratorMonitor monitor)
            throws KeeperException, InterruptedException, IOException {
        Instant start = Instant.now();
        Map<String, Double> measured = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        LeaderCounters.Reading before = leader.read();
        long fillStart = System.nanoTime();
        TreeFill.fill(zk, fillRoot, filled, level.value(), data);
        double fillSeconds = (System.nanoTime() - fillStart) / 1e9;
        measured.put("fillSeconds", round(fillSeconds, 3));
        if (level.value() > filled && fillSeconds > 0) {
            measured.put("fillPerSecond", round((level.value() - filled) / fillSeconds, 0));
        }
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
        monitor.begin();
        LatencyRun bench = LatencyBenchmark.run(benchConfig(), listener);
        GeneratorHealth health = monitor.end();
        boolean interrupted = Thread.interrupted();
        LeaderCounters.Reading after = leader.read();
        snapshots(before, after, measured, notes);
        TargetResult target = bench.report().targets().isEmpty()
                ? null
                : bench.report().targets().get(0);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return new LevelResult(
                index,
                level.label(),
                level.value(),
                start,
                Instant.now(),
                measured,
                notes,
                target == null ? Map.of() : target.ops(),
                health,
                interrupted);
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
        measured.put("snapshotMsAvg", round((after.snapshotMs() - before.snapshotMs()) / (double) taken, 1));
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

    private LatencyConfig benchConfig() {
        return LatencyConfig.builder(run.target().connectString().toString())
                .root(run.root() + "/bench")
                .znodeCount(plan.benchZnodes())
                .znodeSize(plan.benchSize())
                .warmup(plan.warmup())
                .timeLimit(plan.benchTime())
                .connectTimeout(plan.connectTimeout())
                .force(true)
                .build();
    }

    private ZooKeeper open() {
        try {
            return Connections.open(
                    run.target().connectString().toString(), SESSION_TIMEOUT, plan.connectTimeout(), null);
        } catch (IOException e) {
            throw new RunFailure("cannot connect to " + run.target().connectString() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailure(
                    "interrupted while connecting to " + run.target().connectString(), e);
        }
    }

    /** Removes the filled tree whatever happened, even after Ctrl-C (whose interrupt is kept for the caller). */
    private static void removeFill(ZooKeeper zk, String fillRoot, List<String> notes) {
        boolean interrupted = Thread.interrupted();
        try {
            ZkTrees.deleteRecursive(zk, fillRoot);
        } catch (KeeperException | InterruptedException e) {
            notes.add("The filled tree " + fillRoot + " could not be removed (" + e.getMessage()
                    + "): run zkload clean to remove it.");
        } finally {
            try {
                zk.close();
            } catch (InterruptedException e) {
                interrupted = true;
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static double round(double value, int digits) {
        double scale = Math.pow(10, digits);
        return Math.round(value * scale) / scale;
    }
}
