package dev.zkload.bench.ops;

import dev.zkload.bench.result.OpStats;
import dev.zkload.bench.result.TargetResult;
import dev.zkload.bench.result.WatchNotifications;
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
            root = ZkRoot.prepare(zk, config.root(), "latency " + runId, config.force());
            for (int i = 0; i < config.watchMultiple(); i++) {
                watchers.add(Sessions.open(target, config, null));
            }
            String[] persistent = paths(root, "p");
            String[] ephemeral = paths(root, "e");
            PhaseRunner runner = new PhaseRunner(zk, config, watches);
            for (Op op : Op.values()) {
                String[] paths = op.ordinal() < Op.CREATE_EPHEMERAL.ordinal() ? persistent : ephemeral;
                if (op == Op.DELETE_EPHEMERAL) {
                    watchFromExtraSessions(watchers, ephemeral);
                }
                phase(runner, op, paths);
            }
            // every ephemeral actually deleted notifies the main session and each --watch-multiple session
            OpStats deleted = stats.get(Op.DELETE_EPHEMERAL.jsonName());
            awaitNotifications((deleted.count() - deleted.errors()) * (1 + config.watchMultiple()));
        } catch (KeeperException e) {
            throw new IOException("cannot prepare root " + config.root() + " on " + target + ": " + e.getMessage(), e);
        } finally {
            for (ZooKeeper w : watchers) {
                w.close();
            }
            if (root != null) {
                removeRoot(zk, root);
            }
            zk.close();
        }
    }

    private void phase(PhaseRunner runner, Op op, String[] paths) throws InterruptedException {
        OpRecorder rec = new OpRecorder(op);
        listener.phaseStarted(target, op, paths.length);
        if (op == Op.DELETE_EPHEMERAL) {
            deleteEphemeralStart = System.nanoTime();
        }
        runner.run(op, paths, rec);
        OpStats s = rec.stats();
        stats.put(op.jsonName(), s);
        histograms.put(op.jsonName(), rec.histogram());
        listener.phaseFinished(target, op, s);
    }

    /** The --watch-multiple sessions each set a watch on every ephemeral node (untimed, pipelined). */
    private void watchFromExtraSessions(List<ZooKeeper> sessions, String[] ephemeral) throws InterruptedException {
        for (ZooKeeper w : sessions) {
            CountDownLatch set = new CountDownLatch(ephemeral.length);
            AsyncCallback.StatCallback cb = (rc, path, ctx, stat) -> set.countDown();
            for (String path : ephemeral) {
                w.exists(path, watches, cb, null);
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
            LOG.warn("{}: only {} of {} watch notifications arrived within {} s", target, watches.received(), expected,
                    NOTIFICATION_WAIT.toSeconds());
        }
    }

    private void removeRoot(ZooKeeper zk, ZkRoot root) {
        try {
            root.remove(zk);
        } catch (KeeperException | InterruptedException e) {
            LOG.warn("could not remove {} on {} ({}); run 'clean --connect {} --root {}'", root.path(), target, e,
                    target, root.path());
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private String[] paths(ZkRoot root, String prefix) {
        String[] paths = new String[config.znodeCount()];
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
