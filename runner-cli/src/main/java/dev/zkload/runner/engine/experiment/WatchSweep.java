package dev.zkload.runner.engine.experiment;

import dev.zkload.bench.ops.Op;
import dev.zkload.bench.ops.TreeFill;
import dev.zkload.bench.result.OpStats;
import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.runner.result.GeneratorHealth;
import dev.zkload.runner.result.LevelResult;
import dev.zkload.runner.result.RunKind;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * {@code watches}: what do watches cost a write? At each level the ensemble holds a number of
 * watches that never fire (spread over several sessions, on znodes nobody sets), and a number of
 * sessions watch each of the znodes that are then set, one set at a time, as {@code zk-latencies}'
 * set does. Recorded: the set's latency, and each notification's, from the moment its set was sent
 * until the watching session received it. Watches are counted by the servers ({@code mntr}'s
 * {@code zk_watch_count}, summed over the servers: each counts its own sessions') before the sets,
 * so a level is only measured at the watch count it claims.
 */
public final class WatchSweep implements Sweep.Experiment {
    private static final Duration SESSION_TIMEOUT = Duration.ofSeconds(30);
    private static final int IN_FLIGHT = 500;
    private static final Duration NOTIFICATION_WAIT = Duration.ofSeconds(30);

    private final PreparedRun run;
    private final WatchSweepPlan plan;
    private final String idleRoot;
    private final String setRoot;
    private final List<ZooKeeper> idleSessions = new ArrayList<>();
    private final List<ZooKeeper> watchers = new ArrayList<>();
    private final Map<String, Long> sentNanos = new ConcurrentHashMap<>();
    private final Histogram notified = new ConcurrentHistogram(3);
    private final AtomicLong notifications = new AtomicLong();
    private ZooKeeper setter;
    private long idleWatches;
    private long idleZnodes;

    public WatchSweep(PreparedRun run, WatchSweepPlan plan) {
        this.run = run;
        this.plan = plan;
        this.idleRoot = run.root() + "/idle";
        this.setRoot = run.root() + "/set";
    }

    @Override
    public Sweep.LevelPlan levels() {
        return Sweep.LevelPlan.of(plan.levels());
    }

    @Override
    public RunKind kind() {
        return RunKind.WATCHES;
    }

    @Override
    public void open(List<String> notes) throws KeeperException, InterruptedException, IOException {
        setter = session(null);
        setter.create(idleRoot, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        setter.create(setRoot, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        TreeFill.fill(setter, setRoot, 0, plan.znodes(), new byte[0]);
        for (int i = 0; i < plan.sessions(); i++) {
            idleSessions.add(session(null));
        }
    }

    @Override
    public LevelResult measure(int index, Level level, GeneratorMonitor monitor)
            throws KeeperException, InterruptedException, IOException {
        Instant start = Instant.now();
        Map<String, Double> measured = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        addIdleWatches(plan.watchesAt(level));
        int fanOut = plan.fanOutAt(level);
        while (watchers.size() < fanOut) {
            watchers.add(session(this::notified));
        }
        List<String> targets = targets();
        for (ZooKeeper watcher : watchers.subList(0, fanOut)) {
            watchAll(watcher, targets);
        }
        long expected = idleWatches + (long) fanOut * targets.size();
        long counted = watchesOnServers();
        measured.put("watchesExpected", (double) expected);
        if (counted >= 0) {
            measured.put("watchesOnServers", (double) counted);
            if (counted != expected) {
                notes.add("The servers count " + counted + " watches where " + expected + " were set.");
            }
        } else {
            notes.add("The servers' watch counts could not be read: the level is the watches zkload set.");
        }
        notified.reset();
        notifications.set(0);
        monitor.begin();
        Histogram sets = new Histogram(3);
        byte[] data = new byte[plan.size()];
        long setStart = System.nanoTime();
        boolean interrupted = false;
        long errors = 0;
        Map<String, Long> errorsByCode = new LinkedHashMap<>();
        try {
            for (String path : targets) {
                long sent = System.nanoTime();
                sentNanos.put(path, sent);
                try {
                    setter.setData(path, data, -1);
                } catch (KeeperException e) {
                    errors++;
                    errorsByCode.merge(e.code().name(), 1L, Long::sum);
                }
                sets.recordValue(Math.max(1, (System.nanoTime() - sent) / 1000));
            }
        } catch (InterruptedException e) {
            interrupted = true;
        }
        long setNanos = System.nanoTime() - setStart;
        long due = (long) fanOut * (targets.size() - errors);
        if (!interrupted) {
            interrupted = !awaitNotifications(due);
        }
        GeneratorHealth health = monitor.end();
        measured.put("notificationsExpected", (double) due);
        measured.put("notificationsReceived", (double) notifications.get());
        if (notified.getTotalCount() > 0) {
            measured.put("notificationP50Ms", notified.getValueAtPercentile(50) / 1000.0);
            measured.put("notificationP99Ms", notified.getValueAtPercentile(99) / 1000.0);
            measured.put("notificationMaxMs", notified.getMaxValue() / 1000.0);
        }
        if (!interrupted && notifications.get() < due) {
            notes.add((due - notifications.get()) + " notifications did not arrive within "
                    + NOTIFICATION_WAIT.toSeconds() + " s.");
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        OpStats set = OpStats.of(sets, errorsByCode, setNanos);
        return new LevelResult(
                index,
                level.label(),
                level.value(),
                start,
                Instant.now(),
                measured,
                notes,
                Map.of(Op.SET.jsonName(), set),
                health,
                interrupted);
    }

    /** Adds idle watches up to {@code total}: watch k is session k mod S's, on idle znode k / S. */
    private void addIdleWatches(long total) throws KeeperException, InterruptedException {
        if (total <= idleWatches) {
            return;
        }
        int sessions = idleSessions.size();
        long znodes = (total + sessions - 1) / sessions;
        if (znodes > idleZnodes) {
            TreeFill.fill(setter, idleRoot, idleZnodes, znodes, new byte[0]);
            idleZnodes = znodes;
        }
        for (int s = 0; s < sessions; s++) {
            List<String> paths = new ArrayList<>();
            for (long k = idleWatches; k < total; k++) {
                if (k % sessions == s) {
                    paths.add(TreeFill.path(idleRoot, k / sessions));
                }
            }
            watchAll(idleSessions.get(s), paths);
        }
        idleWatches = total;
    }

    /** Sets a data watch on each path from {@code session}, pipelined, and waits for every reply. */
    private static void watchAll(ZooKeeper session, List<String> paths) throws KeeperException, InterruptedException {
        Semaphore window = new Semaphore(IN_FLIGHT);
        AtomicReference<KeeperException> failure = new AtomicReference<>();
        for (String path : paths) {
            window.acquire();
            session.exists(
                    path,
                    true,
                    (rc, p, ctx, stat) -> {
                        if (rc != Code.OK.intValue()) {
                            failure.compareAndSet(null, KeeperException.create(Code.get(rc), p));
                        }
                        window.release();
                    },
                    null);
        }
        window.acquire(IN_FLIGHT);
        if (failure.get() != null) {
            throw failure.get();
        }
    }

    private void notified(WatchedEvent event) {
        if (event.getType() == Watcher.Event.EventType.NodeDataChanged) {
            Long sent = sentNanos.get(event.getPath());
            if (sent != null) {
                notified.recordValue(Math.max(1, (System.nanoTime() - sent) / 1000));
                notifications.incrementAndGet();
            }
        }
    }

    private boolean awaitNotifications(long due) throws InterruptedException {
        long deadline = System.nanoTime() + NOTIFICATION_WAIT.toNanos();
        while (notifications.get() < due && System.nanoTime() < deadline) {
            if (Thread.interrupted()) {
                return false;
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
        return true;
    }

    private List<String> targets() {
        List<String> paths = new ArrayList<>();
        for (long i = 0; i < plan.znodes(); i++) {
            paths.add(TreeFill.path(setRoot, i));
        }
        return paths;
    }

    /** Every server's own sessions' watches, summed; -1 if a server could not be read. */
    private long watchesOnServers() throws InterruptedException {
        long sum = 0;
        for (ServerAddress server : run.target().servers()) {
            try {
                long count = run.stats().monitor(server).watchCount();
                if (count < 0) {
                    return -1;
                }
                sum += count;
            } catch (IOException e) {
                return -1;
            }
        }
        return sum;
    }

    private ZooKeeper session(Watcher events) throws IOException, InterruptedException {
        return RunSessions.open(run, SESSION_TIMEOUT, plan.connectTimeout(), events);
    }

    @Override
    public void close(List<String> notes) {
        RunSessions.closeAll(idleSessions);
        RunSessions.closeAll(watchers);
        if (setter != null) {
            RunSessions.removeTrees(setter, notes, idleRoot, setRoot);
            RunSessions.closeAll(List.of(setter));
        }
    }
}
