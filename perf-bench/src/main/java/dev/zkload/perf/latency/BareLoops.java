package dev.zkload.perf.latency;

import dev.zkload.bench.client.Connections;
import dev.zkload.bench.ops.Op;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.Semaphore;
import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/**
 * The baselines of what zkload's measuring costs: the seven calls of the benchmark with the plain
 * ZooKeeper client and nothing else — no timing per call, no histogram, no root bookkeeping —
 * one at a time ({@link #sync}) or as the best hand-written pipelined loop, a semaphore of
 * {@code window} permits taken before each call and given back by its callback ({@link #pipelined}).
 */
final class BareLoops {
    private static final Watcher IGNORE = event -> {};

    private BareLoops() {}

    /** ops/s of each of the seven calls, one at a time, over {@code znodes} znodes of 100 bytes. */
    static Map<Op, Double> sync(String connectString, int znodes) throws Exception {
        return run(connectString, znodes, 0);
    }

    /** ops/s of each of the seven calls, at most {@code window} in flight. */
    static Map<Op, Double> pipelined(String connectString, int znodes, int window) throws Exception {
        return run(connectString, znodes, window);
    }

    private static Map<Op, Double> run(String connectString, int znodes, int window) throws Exception {
        Map<Op, Double> rates = new EnumMap<>(Op.class);
        ZooKeeper zk = Connections.open(connectString, Duration.ofSeconds(30), Duration.ofSeconds(30), null);
        String root = "/bare-" + System.nanoTime();
        try {
            zk.create(root, new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            String[] p = new String[znodes];
            String[] e = new String[znodes];
            for (int i = 0; i < znodes; i++) {
                p[i] = root + "/p" + i;
                e[i] = root + "/e" + i;
            }
            byte[] data = new byte[100];
            for (Op op : Op.values()) {
                String[] paths = op == Op.CREATE || op == Op.SET || op == Op.GET || op == Op.DELETE ? p : e;
                long start = System.nanoTime();
                if (window == 0) {
                    syncCalls(zk, op, paths, data);
                } else {
                    pipelinedCalls(zk, op, paths, data, window);
                }
                rates.put(op, znodes / ((System.nanoTime() - start) / 1e9));
            }
            zk.delete(root, -1);
        } finally {
            zk.close();
        }
        return rates;
    }

    private static void syncCalls(ZooKeeper zk, Op op, String[] paths, byte[] data) throws Exception {
        for (String path : paths) {
            switch (op) {
                case CREATE -> zk.create(path, data, Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                case SET -> zk.setData(path, data, -1);
                case GET -> zk.getData(path, false, null);
                case DELETE, DELETE_EPHEMERAL -> zk.delete(path, -1);
                case CREATE_EPHEMERAL -> zk.create(path, data, Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
                case WATCH -> zk.exists(path, IGNORE);
                default -> throw new IllegalStateException("unknown op " + op);
            }
        }
    }

    private static void pipelinedCalls(ZooKeeper zk, Op op, String[] paths, byte[] data, int window)
            throws InterruptedException {
        Release cb = new Release(new Semaphore(window));
        for (String path : paths) {
            cb.permits.acquire();
            switch (op) {
                case CREATE -> zk.create(path, data, Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT, cb, null);
                case SET -> zk.setData(path, data, -1, cb, null);
                case GET -> zk.getData(path, false, cb, null);
                case DELETE, DELETE_EPHEMERAL -> zk.delete(path, -1, cb, null);
                case CREATE_EPHEMERAL -> zk.create(path, data, Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL, cb, null);
                case WATCH -> zk.exists(path, IGNORE, cb, null);
                default -> throw new IllegalStateException("unknown op " + op);
            }
        }
        cb.permits.acquire(window); // every call answered
        if (cb.failed != 0) {
            throw new IllegalStateException("bare " + op + ": " + cb.failed + " calls failed");
        }
    }

    /** Every callback of a phase: gives its permit back. */
    private static final class Release
            implements AsyncCallback.StringCallback,
                    AsyncCallback.StatCallback,
                    AsyncCallback.DataCallback,
                    AsyncCallback.VoidCallback {
        final Semaphore permits;
        /** Written on the event thread before the permit goes back; read once every permit is back (the semaphore orders it). */
        int failed;

        Release(Semaphore permits) {
            this.permits = permits;
        }

        private void done(int rc) {
            if (rc != 0) {
                failed++;
            }
            permits.release();
        }

        @Override
        public void processResult(int rc, String path, Object ctx, String name) {
            done(rc);
        }

        @Override
        public void processResult(int rc, String path, Object ctx, Stat stat) {
            done(rc);
        }

        @Override
        public void processResult(int rc, String path, Object ctx, byte[] data, Stat stat) {
            done(rc);
        }

        @Override
        public void processResult(int rc, String path, Object ctx) {
            done(rc);
        }
    }
}
