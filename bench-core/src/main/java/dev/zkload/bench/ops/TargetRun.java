package dev.zkload.bench.ops;

import dev.zkload.bench.client.ZkRoot;
import dev.zkload.bench.result.OpStats;
import dev.zkload.bench.result.TargetResult;
import dev.zkload.bench.result.WatchNotifications;
import dev.zkload.bench.threads.Uninterruptibly;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The seven phases against one target, under the run's root, which it removes whatever happens. */
final class TargetRun {
    private static final Logger LOG = LoggerFactory.getLogger(TargetRun.class);
    private static final Duration NOTIFICATION_WAIT = Duration.ofSeconds(30);

    private final String target;
    private final LatencyConfig config;
    private final String runId;
    private final LatencyListener listener;
    private final Map<String, OpStats> stats = new LinkedHashMap<>();
    private final Map<String, Histogram> histograms = new LinkedHashMap<>();
    private final WatchCounter watches = new WatchCounter();
    private WatchNotifications notifications = new WatchNotifications(0, 0, 0);
    private long deleteEphemeralStart;

    TargetRun(String target, LatencyConfig config, String runId, LatencyListener listener) {
        this.target = target;
        this.config = config;
        this.runId = runId;
        this.listener = listener;
    }

    void execute() throws IOException, InterruptedException {
        ZooKeeper zk = Sessions.open(target, config, null);
        List<ZooKeeper> watchers = new ArrayList<>();
        ZkRoot root = null;
        try {
            root = Uninterruptibly.run(
                    "zkload-benchmark-root",
                    () -> ZkRoot.prepare(
                            zk,
                            config.root(),
                            "latency " + runId,
                            config.force(),
                            config.security().acl()));
            for (int i = 0; i < config.watchMultiple(); i++) {
                watchers.add(Sessions.open(target, config, null));
            }
            if (config.warmup() > 0) {
                warmUp(zk, root);
            }
            String[] persistent = paths(root, "p", config.znodeCount());
            String[] ephemeral = paths(root, "e", config.znodeCount());
            PhaseRunner runner = new PhaseRunner(zk, config, watches);
            // a phase cut short by the time limit leaves the next ones the znodes it reached
            int created = phase(runner, Op.CREATE, persistent, persistent.length);
            phase(runner, Op.SET, persistent, created);
            phase(runner, Op.GET, persistent, created);
            phase(runner, Op.DELETE, persistent, created);
            int ephemerals = phase(runner, Op.CREATE_EPHEMERAL, ephemeral, ephemeral.length);
            int watched = phase(runner, Op.WATCH, ephemeral, ephemerals);
            watchFromExtraSessions(watchers, ephemeral, ephemerals);
            phase(runner, Op.DELETE_EPHEMERAL, ephemeral, ephemerals);
            // an ephemeral deleted notifies the main session if it watched it, and each --watch-multiple session
            OpStats deleted = stats.get(Op.DELETE_EPHEMERAL.jsonName());
            long gone = deleted.count() - deleted.errors();
            awaitNotifications(Math.min(gone, watched) + gone * config.watchMultiple());
        } catch (KeeperException e) {
            throw new IOException("cannot prepare root " + config.root() + " on " + target + ": " + e.getMessage(), e);
        } finally {
            // an interrupt ends the benchmark (Ctrl-C, a ramp that saturated), never its clean-up: one that lands
            // while the clean-up runs waits for it, or the benchmark's znodes would stay on the ensemble
            ZkRoot made = root;
            Uninterruptibly.run("zkload-benchmark-cleanup", () -> {
                for (ZooKeeper w : watchers) {
                    w.close();
                }
                if (made != null) {
                    removeRoot(zk, made);
                }
                zk.close();
                return null;
            });
        }
    }

    /** @return how many calls the phase made */
    private int phase(PhaseRunner runner, Op op, String[] paths, int count) throws InterruptedException {
        OpRecorder rec = new OpRecorder(op);
        listener.phaseStarted(target, op, count);
        if (op == Op.DELETE_EPHEMERAL) {
            deleteEphemeralStart = System.nanoTime();
        }
        int made = runner.run(op, paths, count, rec);
        OpStats s = rec.stats();
        stats.put(op.jsonName(), s);
        histograms.put(op.jsonName(), rec.histogram());
        listener.phaseFinished(target, op, s);
        return made;
    }

    /**
     * The seven operations over their own znodes, unrecorded: the first calls of a cold client (class
     * loading, JIT) and of the server's code paths are slower than any later ones, which made the
     * baseline look slower than loaded steps.
     */
    private void warmUp(ZooKeeper zk, ZkRoot root) throws InterruptedException {
        listener.warmingUp(target);
        String[] paths = paths(root, "w", config.warmup());
        PhaseRunner runner = new PhaseRunner(zk, config, new WatchCounter());
        int persistent = runner.run(Op.CREATE, paths, paths.length, new OpRecorder(Op.CREATE));
        for (Op op : List.of(Op.SET, Op.GET, Op.DELETE)) {
            runner.run(op, paths, persistent, new OpRecorder(op));
        }
        // names of their own, as the measured phases have: a delete cut short by the time limit (a saturated
        // leader) leaves persistent znodes behind, and an ephemeral of the same name would fail with NodeExists
        String[] ephemeralPaths = paths(root, "v", config.warmup());
        int ephemeral = runner.run(
                Op.CREATE_EPHEMERAL, ephemeralPaths, ephemeralPaths.length, new OpRecorder(Op.CREATE_EPHEMERAL));
        for (Op op : List.of(Op.WATCH, Op.DELETE_EPHEMERAL)) {
            runner.run(op, ephemeralPaths, ephemeral, new OpRecorder(op));
        }
    }

    /** The --watch-multiple sessions each set a watch on the first {@code count} ephemerals (untimed, pipelined). */
    private void watchFromExtraSessions(List<ZooKeeper> sessions, String[] ephemeral, int count)
            throws InterruptedException {
        for (ZooKeeper w : sessions) {
            CountDownLatch set = new CountDownLatch(count);
            AsyncCallback.StatCallback cb = (rc, path, ctx, stat) -> set.countDown();
            for (int i = 0; i < count; i++) {
                w.exists(ephemeral[i], watches, cb, null);
            }
            set.await();
        }
    }

    private void awaitNotifications(long expected) throws InterruptedException {
        long deadline = System.nanoTime() + NOTIFICATION_WAIT.toNanos();
        while (watches.received() < expected && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(1);
        }
        double untilAll = watches.received() == 0 ? 0 : (watches.lastNanos() - deleteEphemeralStart) / 1e6;
        notifications = new WatchNotifications(expected, watches.received(), Math.round(untilAll * 1000) / 1000.0);
        if (watches.received() < expected) {
            LOG.warn(
                    "{}: only {} of {} watch notifications arrived within {} s",
                    target,
                    watches.received(),
                    expected,
                    NOTIFICATION_WAIT.toSeconds());
        }
    }

    private void removeRoot(ZooKeeper zk, ZkRoot root) {
        try {
            root.remove(zk);
        } catch (KeeperException | InterruptedException e) {
            LOG.warn(
                    "could not remove {} on {} ({}); run 'clean --connect {} --root {}'",
                    root.path(),
                    target,
                    e,
                    target,
                    root.path());
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static String[] paths(ZkRoot root, String prefix, int n) {
        String[] paths = new String[n];
        for (int i = 0; i < paths.length; i++) {
            paths[i] = root.child(prefix + i);
        }
        return paths;
    }

    TargetResult result() {
        return new TargetResult(target, null, Collections.unmodifiableMap(new LinkedHashMap<>(stats)), notifications);
    }

    Map<String, Histogram> histograms() {
        return histograms;
    }
}
