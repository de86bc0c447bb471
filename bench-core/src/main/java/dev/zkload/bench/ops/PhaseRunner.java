package dev.zkload.bench.ops;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.LockSupport;
import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/**
 * Runs one operation over every path of a phase, in the configured mode, timing each call.
 *
 * <p>The loops are kept bare on purpose: a sync call costs two {@code nanoTime} reads and one
 * histogram record beyond the client call itself, so zkload measures the server, not itself.
 * Async callbacks run on the session's event thread and only record and release the window.
 */
final class PhaseRunner {
    private final ZooKeeper zk;
    private final LatencyConfig config;
    private final byte[] data;
    private final Watcher watcher;

    PhaseRunner(ZooKeeper zk, LatencyConfig config, Watcher watcher) {
        this.zk = zk;
        this.config = config;
        this.data = new byte[config.znodeSize()];
        this.watcher = watcher;
    }

    /**
     * Calls {@code op} on the first {@code count} paths, or fewer when the config's time limit passes
     * first.
     *
     * @return how many calls were made (the paths {@code 0..n-1})
     */
    int run(Op op, String[] paths, int count, OpRecorder rec) throws InterruptedException {
        long deadline = config.timeLimit() == null
                ? Long.MAX_VALUE
                : System.nanoTime() + config.timeLimit().toNanos();
        rec.begin();
        try {
            return config.mode() == Mode.SYNC
                    ? sync(op, paths, count, deadline, rec)
                    : async(op, paths, count, deadline, rec);
        } finally {
            rec.end();
        }
    }

    private int sync(Op op, String[] paths, int count, long deadline, OpRecorder rec) throws InterruptedException {
        for (int i = 0; i < count; i++) {
            long start = System.nanoTime();
            if (start - deadline >= 0) {
                return i;
            }
            Code code = Code.OK;
            try {
                call(op, paths[i]);
            } catch (KeeperException e) {
                code = e.code();
            }
            rec.record(System.nanoTime() - start, code, paths[i]);
        }
        return count;
    }

    private void call(Op op, String path) throws KeeperException, InterruptedException {
        switch (op) {
            case CREATE -> zk.create(path, data, config.security().acl(), CreateMode.PERSISTENT);
            case CREATE_EPHEMERAL -> zk.create(path, data, config.security().acl(), CreateMode.EPHEMERAL);
            case SET -> zk.setData(path, data, -1);
            case GET -> zk.getData(path, false, null);
            case DELETE, DELETE_EPHEMERAL -> zk.delete(path, -1);
            case WATCH -> zk.exists(path, watcher);
            default -> throw new IllegalStateException("unknown op " + op);
        }
    }

    /**
     * ASYNC: at most {@code window} calls in flight, latency from issue. RATE: calls issued on a
     * fixed schedule, latency from each call's intended start, so waiting for the window (a server
     * that falls behind) shows up as latency instead of silently lowering the rate.
     */
    private int async(Op op, String[] paths, int count, long deadline, OpRecorder rec) throws InterruptedException {
        Semaphore window = new Semaphore(config.window());
        CountDownLatch done = new CountDownLatch(count);
        Callback callback = new Callback(rec, window, done);
        boolean rate = config.mode() == Mode.RATE;
        long periodNanos = rate ? (long) (1e9 / config.rate()) : 0;
        long first = System.nanoTime();
        int issued = 0;
        for (int i = 0; i < count && System.nanoTime() - deadline < 0; i++) {
            String path = paths[i];
            long intended;
            if (rate) {
                intended = first + issued * periodNanos;
                long wait;
                while ((wait = intended - System.nanoTime()) > 0) {
                    LockSupport.parkNanos(wait);
                    if (Thread.interrupted()) {
                        throw new InterruptedException();
                    }
                }
                window.acquire();
            } else {
                window.acquire();
                intended = System.nanoTime();
            }
            issue(op, path, callback, new Call(path, intended));
            issued++;
        }
        // calls not issued (the time limit passed) will never call back: wait for the issued ones only
        for (int i = issued; i < count; i++) {
            done.countDown();
        }
        done.await();
        return issued;
    }

    private void issue(Op op, String path, Callback cb, Call ctx) {
        switch (op) {
            case CREATE -> zk.create(path, data, config.security().acl(), CreateMode.PERSISTENT, cb, ctx);
            case CREATE_EPHEMERAL -> zk.create(path, data, config.security().acl(), CreateMode.EPHEMERAL, cb, ctx);
            case SET -> zk.setData(path, data, -1, cb, ctx);
            case GET -> zk.getData(path, false, cb, ctx);
            case DELETE, DELETE_EPHEMERAL -> zk.delete(path, -1, cb, ctx);
            case WATCH -> zk.exists(path, watcher, cb, ctx);
            default -> throw new IllegalStateException("unknown op " + op);
        }
    }

    private record Call(String path, long startNanos) {}

    /** One callback object for every kind of call of a phase. */
    private static final class Callback
            implements AsyncCallback.StringCallback,
                    AsyncCallback.StatCallback,
                    AsyncCallback.DataCallback,
                    AsyncCallback.VoidCallback {
        private final OpRecorder rec;
        private final Semaphore window;
        private final CountDownLatch done;

        Callback(OpRecorder rec, Semaphore window, CountDownLatch done) {
            this.rec = rec;
            this.window = window;
            this.done = done;
        }

        private void complete(int rc, Object ctx) {
            Call call = (Call) ctx;
            rec.record(System.nanoTime() - call.startNanos(), Code.get(rc), call.path());
            window.release();
            done.countDown();
        }

        @Override
        public void processResult(int rc, String path, Object ctx, String name) {
            complete(rc, ctx);
        }

        @Override
        public void processResult(int rc, String path, Object ctx, Stat stat) {
            complete(rc, ctx);
        }

        @Override
        public void processResult(int rc, String path, Object ctx, byte[] data, Stat stat) {
            complete(rc, ctx);
        }

        @Override
        public void processResult(int rc, String path, Object ctx) {
            complete(rc, ctx);
        }
    }
}
