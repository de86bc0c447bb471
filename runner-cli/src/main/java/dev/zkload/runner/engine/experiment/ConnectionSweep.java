package dev.zkload.runner.engine.experiment;

import dev.zkload.bench.result.OpStats;
import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.runner.result.GeneratorHealth;
import dev.zkload.runner.result.LevelResult;
import dev.zkload.runner.result.RunKind;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * {@code connections}: how does the ensemble fare as more clients work at once? At each level that
 * many sessions each create, read, set and delete their own znodes, all clients at once and each
 * one request at a time, phase by phase. Per phase: the aggregate rate and the latency of every call.
 * Per level: the most requests the leader and the followers held outstanding, the leader's fsync
 * time, what the embedded servers wrote to disk, and the clients' lost connections and expired
 * sessions — where a disk-bound ensemble first shows it.
 */
public final class ConnectionSweep implements Sweep.Experiment {
    private final PreparedRun run;
    private final ConnectionSweepPlan plan;
    private final String clientsRoot;
    private final List<ZooKeeper> clients = new ArrayList<>();
    private final AtomicLong disconnects = new AtomicLong();
    private final AtomicLong expiries = new AtomicLong();
    private final LeaderCounters leader;
    private ZooKeeper control;

    public ConnectionSweep(PreparedRun run, ConnectionSweepPlan plan) {
        this.run = run;
        this.plan = plan;
        this.clientsRoot = run.root() + "/clients";
        this.leader = new LeaderCounters(run);
    }

    @Override
    public Sweep.LevelPlan levels() {
        return Sweep.LevelPlan.of(plan.levels());
    }

    @Override
    public RunKind kind() {
        return RunKind.CONNECTIONS;
    }

    @Override
    public void open(List<String> notes) throws KeeperException, InterruptedException, IOException {
        control = RunSessions.open(run, plan.sessionTimeout(), plan.connectTimeout(), null);
        control.create(clientsRoot, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        if (run.target().ensemble().isEmpty()) {
            notes.add("The servers' disk writes are not observable on a remote ensemble (they are read from /proc"
                    + " beside the runner).");
        }
    }

    @Override
    public LevelResult measure(int index, Level level, GeneratorMonitor monitor)
            throws KeeperException, InterruptedException, IOException {
        Instant start = Instant.now();
        List<String> notes = new ArrayList<>();
        while (clients.size() < level.value()) {
            control.create(
                    clientsRoot + "/c" + clients.size(),
                    new byte[0],
                    ZooDefs.Ids.OPEN_ACL_UNSAFE,
                    CreateMode.PERSISTENT);
            clients.add(RunSessions.open(run, plan.sessionTimeout(), plan.connectTimeout(), null, this::sessionEvent));
        }
        disconnects.set(0);
        expiries.set(0);
        LeaderCounters.Reading before = leader.read();
        DiskWrites disk = DiskWrites.start(run.target().ensemble().orElse(null));
        Map<String, OpStats> ops = new LinkedHashMap<>();
        boolean interrupted = false;
        GeneratorHealth health;
        try (OutstandingWatch outstanding = OutstandingWatch.start(run)) {
            monitor.begin();
            try {
                for (String phase : ConnectionSweepPlan.PHASES) {
                    ops.put(phase, phase(phase, (int) level.value()));
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
            health = monitor.end();
            Map<String, Double> measured = new LinkedHashMap<>();
            measured.put("clients", (double) level.value());
            outstanding.describe(measured);
            Thread.interrupted();
            LeaderCounters.Reading after = leader.read();
            fsync(before, after, measured, notes);
            disk.describe(measured);
            if (run.target().ensemble().isPresent() && !measured.containsKey("diskWriteMB")) {
                notes.add("The servers' disk writes could not be read from /proc/<pid>/io.");
            }
            measured.put("connectionLosses", (double) disconnects.get());
            measured.put("sessionExpiries", (double) expiries.get());
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
                    ops,
                    health,
                    interrupted);
        }
    }

    /** One phase: every client at once, each with one request outstanding, over its own znodes. */
    private OpStats phase(String phase, int clientCount) throws InterruptedException {
        Histogram latency = new ConcurrentHistogram(3);
        Map<String, Long> errors = new ConcurrentHashMap<>();
        CountDownLatch done = new CountDownLatch(clientCount);
        byte[] data = new byte[plan.size()];
        long start = System.nanoTime();
        for (int c = 0; c < clientCount; c++) {
            new ClientChain(clients.get(c), clientsRoot + "/c" + c, phase, data, latency, errors, done).next(0);
        }
        done.await();
        return OpStats.of(latency, errors, System.nanoTime() - start);
    }

    /** One client's calls of a phase, each issued when the one before it returned. */
    private final class ClientChain {
        private final ZooKeeper zk;
        private final String parent;
        private final String phase;
        private final byte[] data;
        private final Histogram latency;
        private final Map<String, Long> errors;
        private final CountDownLatch done;

        ClientChain(
                ZooKeeper zk,
                String parent,
                String phase,
                byte[] data,
                Histogram latency,
                Map<String, Long> errors,
                CountDownLatch done) {
            this.zk = zk;
            this.parent = parent;
            this.phase = phase;
            this.data = data;
            this.latency = latency;
            this.errors = errors;
            this.done = done;
        }

        void next(int i) {
            if (i == plan.znodesPerClient()) {
                done.countDown();
                return;
            }
            String path = parent + "/n" + i;
            long sent = System.nanoTime();
            java.util.function.IntConsumer returned = rc -> {
                latency.recordValue(Math.max(1, (System.nanoTime() - sent) / 1000));
                if (rc != Code.OK.intValue()) {
                    errors.merge(Code.get(rc).name(), 1L, Long::sum);
                }
                next(i + 1);
            };
            switch (phase) {
                case "create" ->
                    zk.create(
                            path,
                            data,
                            ZooDefs.Ids.OPEN_ACL_UNSAFE,
                            CreateMode.PERSISTENT,
                            (AsyncCallback.StringCallback) (rc, p, ctx, name) -> returned.accept(rc),
                            null);
                case "get" -> zk.getData(path, false, (rc, p, ctx, d, stat) -> returned.accept(rc), null);
                case "set" -> zk.setData(path, data, -1, (rc, p, ctx, stat) -> returned.accept(rc), null);
                case "delete" -> zk.delete(path, -1, (rc, p, ctx) -> returned.accept(rc), null);
                default -> throw new IllegalArgumentException("unknown phase " + phase);
            }
        }
    }

    private void sessionEvent(KeeperState state) {
        if (state == KeeperState.Disconnected) {
            disconnects.incrementAndGet();
        } else if (state == KeeperState.Expired) {
            expiries.incrementAndGet();
        }
    }

    /** The leader's fsyncs during the level, from mntr's fsynctime summary. */
    private static void fsync(
            LeaderCounters.Reading before,
            LeaderCounters.Reading after,
            Map<String, Double> measured,
            List<String> notes) {
        if (before == null || after == null || before.fsyncs() < 0 || after.fsyncs() < 0) {
            notes.add("The leader's fsync counters could not be read.");
            return;
        }
        long fsyncs = after.fsyncs() - before.fsyncs();
        measured.put("fsyncs", (double) fsyncs);
        if (fsyncs > 0) {
            measured.put("fsyncMsAvg", Sweep.round((after.fsyncMs() - before.fsyncMs()) / (double) fsyncs, 2));
        }
    }

    @Override
    public void close(List<String> notes) {
        RunSessions.closeAll(clients);
        if (control != null) {
            RunSessions.removeTrees(control, notes, clientsRoot);
            RunSessions.closeAll(List.of(control));
        }
    }
}
