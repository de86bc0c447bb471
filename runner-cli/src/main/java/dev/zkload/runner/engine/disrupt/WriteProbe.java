package dev.zkload.runner.engine.disrupt;

import dev.zkload.bench.client.Connections;
import dev.zkload.bench.ops.Op;
import dev.zkload.bench.result.OpStats;
import dev.zkload.bench.threads.DaemonThreads;
import dev.zkload.sim.ZkClientSecurity;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * What a client sees of the fault: one session of the runner's, beside the simulated ones, setting and
 * reading one znode ten times a second, each call's latency and error recorded, per window (the settled
 * load, then the fault until recovery). A call that waits for a new leader waits in its latency; one
 * that fails is counted by its error code. A session the fault expires is opened again.
 */
final class WriteProbe {
    private static final Duration PERIOD = Duration.ofMillis(100);
    private static final Duration SESSION_TIMEOUT = Duration.ofSeconds(20);

    private final String connectString;
    private final ZkClientSecurity security;
    private final Duration connectTimeout;
    private final String path;
    private final Object lock = new Object();
    private Window window = new Window();
    private volatile ZooKeeper zk;
    private Thread thread;

    WriteProbe(String connectString, ZkClientSecurity security, Duration connectTimeout, String path) {
        this.connectString = connectString;
        this.security = security;
        this.connectTimeout = connectTimeout;
        this.path = path;
    }

    /** Creates its znode and starts calling. */
    void start() throws IOException, InterruptedException, KeeperException {
        zk = open();
        zk.create(path, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        thread = DaemonThreads.start("zkload-disrupt-probe", this::loop);
    }

    /** The calls since the last window began, by operation, and begins a new window. */
    Map<String, OpStats> window() {
        Window done;
        synchronized (lock) {
            done = window;
            window = new Window();
        }
        long nanos = System.nanoTime() - done.startNanos;
        Map<String, OpStats> ops = new LinkedHashMap<>();
        ops.put(Op.SET.jsonName(), OpStats.of(done.set, done.setErrors, nanos));
        ops.put(Op.GET.jsonName(), OpStats.of(done.get, done.getErrors, nanos));
        return ops;
    }

    private void loop() {
        byte[] data = new byte[16];
        while (!Thread.currentThread().isInterrupted()) {
            try {
                call(true, data);
                call(false, data);
                TimeUnit.MILLISECONDS.sleep(PERIOD.toMillis());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void call(boolean set, byte[] data) throws InterruptedException {
        long sent = System.nanoTime();
        String error = null;
        try {
            if (set) {
                zk.setData(path, data, -1);
            } else {
                zk.getData(path, false, null);
            }
        } catch (KeeperException e) {
            error = e.code().name();
            if (e.code() == KeeperException.Code.SESSIONEXPIRED) {
                reopen();
            }
        }
        long micros = Math.max(1, (System.nanoTime() - sent) / 1000);
        synchronized (lock) {
            (set ? window.set : window.get).recordValue(micros);
            if (error != null) {
                (set ? window.setErrors : window.getErrors).merge(error, 1L, Long::sum);
            }
        }
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
                    zk.delete(path, -1);
                } catch (KeeperException e) {
                    if (e.code() != KeeperException.Code.NONODE) {
                        notes.add("The probe's znode " + path + " could not be removed (" + e.getMessage()
                                + "): run zkload clean to remove it.");
                    }
                }
                zk.close();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static final class Window {
        final long startNanos = System.nanoTime();
        final Histogram set = new Histogram(3);
        final Histogram get = new Histogram(3);
        final Map<String, Long> setErrors = new LinkedHashMap<>();
        final Map<String, Long> getErrors = new LinkedHashMap<>();
    }
}
