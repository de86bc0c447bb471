package dev.zkload.runner.engine.disrupt;

import dev.zkload.bench.client.Connections;
import dev.zkload.bench.ops.Op;
import dev.zkload.bench.result.OpStats;
import dev.zkload.bench.threads.DaemonThreads;
import dev.zkload.zk.ZkClientSecurity;
import dev.zkload.zk.ZkTrees;
import java.io.IOException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;

/**
 * What a client sees of the fault: one session of the runner's, beside the simulated ones, running the
 * seven operations of the latency benchmark in small cycles, five cycles a second, each call's latency
 * and error recorded per window (the settled load, then the fault until recovery).
 *
 * <p>A cycle is the benchmark's phases on one znode each: create, set, get, delete on a persistent
 * znode, then create, watch ({@code exists} with a watch) and delete on an ephemeral one. The
 * benchmark's phases run one after another for seconds each, so a fault would hit one or two of them;
 * cycles put every operation in front of the fault. A call that waits for a new leader waits in its
 * latency; one that fails is counted by its error code. When a create fails, the calls that need its
 * znode are not made (they would fail for the probe's sake, not the fault's); what a failed call may
 * have left behind is removed with the probe's znode. A session the fault expires is opened again, and
 * the ephemeral it held is gone: its delete fails with {@code NONODE}, as any client's would.
 */
final class FaultProbe {
    private static final Duration PERIOD = Duration.ofMillis(200);
    private static final Duration SESSION_TIMEOUT = Duration.ofSeconds(20);
    private static final Watcher IGNORED = event -> {};

    private final String connectString;
    private final ZkClientSecurity security;
    private final Duration connectTimeout;
    private final String path;
    private final byte[] data = new byte[16];
    private final Object lock = new Object();
    private Window window = new Window();
    private volatile ZooKeeper zk;
    private Thread thread;
    private long cycle;

    FaultProbe(String connectString, ZkClientSecurity security, Duration connectTimeout, String path) {
        this.connectString = connectString;
        this.security = security;
        this.connectTimeout = connectTimeout;
        this.path = path;
    }

    /** Creates its znode and starts calling. */
    void start() throws IOException, InterruptedException, KeeperException {
        zk = open();
        zk.create(path, new byte[0], security.acl(), CreateMode.PERSISTENT);
        thread = DaemonThreads.start("zkload-disrupt-probe", this::loop);
    }

    /** The calls since the last window began, by operation in the benchmark's order, and begins a new window. */
    Map<String, OpStats> window() {
        Window done;
        synchronized (lock) {
            done = window;
            window = new Window();
        }
        long nanos = System.nanoTime() - done.startNanos;
        Map<String, OpStats> ops = new LinkedHashMap<>();
        for (Op op : Op.values()) {
            ops.put(op.jsonName(), OpStats.of(done.latencies.get(op), done.errors.get(op), nanos));
        }
        return ops;
    }

    private void loop() {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                String n = Long.toString(cycle++);
                String persistent = path + "/p" + n;
                if (call(Op.CREATE, persistent)) {
                    call(Op.SET, persistent);
                    call(Op.GET, persistent);
                    call(Op.DELETE, persistent);
                }
                String ephemeral = path + "/e" + n;
                if (call(Op.CREATE_EPHEMERAL, ephemeral)) {
                    call(Op.WATCH, ephemeral);
                    call(Op.DELETE_EPHEMERAL, ephemeral);
                }
                TimeUnit.MILLISECONDS.sleep(PERIOD.toMillis());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** One call, timed and recorded; false when it failed. */
    private boolean call(Op op, String znode) throws InterruptedException {
        long sent = System.nanoTime();
        KeeperException.Code error = null;
        try {
            op.call(zk, znode, data, security.acl(), IGNORED);
        } catch (KeeperException e) {
            error = e.code();
        }
        long micros = Math.max(1, (System.nanoTime() - sent) / 1000);
        if (error == KeeperException.Code.SESSIONEXPIRED) {
            reopen(); // not in the call's latency: the next call waits for the new session, if at all
        }
        synchronized (lock) {
            window.latencies.get(op).recordValue(micros);
            if (error != null) {
                window.errors.get(op).merge(error.name(), 1L, Long::sum);
            }
        }
        return error == null;
    }

    private void reopen() throws InterruptedException {
        ZooKeeper old = zk;
        try {
            zk = open();
            old.close();
        } catch (IOException e) {
            // the ensemble does not take the session yet: the next call fails and tries again
        }
    }

    private ZooKeeper open() throws IOException, InterruptedException {
        return Connections.open(connectString, security, SESSION_TIMEOUT, connectTimeout, null);
    }

    /** Stops calling and removes its znode; never throws, says in {@code notes} what it could not remove. */
    void close(List<String> notes) {
        try {
            if (thread != null) {
                thread.interrupt();
                thread.join(SESSION_TIMEOUT.toMillis());
            }
            if (zk != null) {
                try {
                    ZkTrees.deleteRecursive(zk, path);
                } catch (KeeperException e) {
                    notes.add("The probe's znode " + path + " could not be removed (" + e.getMessage()
                            + "): run zkload clean to remove it.");
                }
                zk.close();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static final class Window {
        final long startNanos = System.nanoTime();
        final Map<Op, Histogram> latencies = new EnumMap<>(Op.class);
        final Map<Op, Map<String, Long>> errors = new EnumMap<>(Op.class);

        Window() {
            for (Op op : Op.values()) {
                latencies.put(op, new Histogram(3));
                errors.put(op, new LinkedHashMap<>());
            }
        }
    }
}
