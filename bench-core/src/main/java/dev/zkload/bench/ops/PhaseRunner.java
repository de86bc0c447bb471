package dev.zkload.bench.ops;

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
                op.call(zk, paths[i], data, config.security().acl(), watcher);
            } catch (KeeperException e) {
                code = e.code();
            }
            rec.record(System.nanoTime() - start, code.intValue(), paths[i]);
        }
        return count;
    }

    /**
     * ASYNC: at most {@code window} calls in flight, latency from issue. RATE: calls issued on a
     * fixed schedule, latency from each call's intended start, so waiting for the window (a server
     * that falls behind) shows up as latency instead of silently lowering the rate.
     *
     * <p>Nothing is allocated per call and nothing is handed between threads but the window's
     * permits: a session's answers come back in the order its calls were sent (the client library
     * invokes a session's completions in order, one at a time), so call {@code i}'s start time waits
     * in slot {@code i % window} of a ring and its answer is the {@code i}-th to arrive. Slot
     * {@code i % window} is written again only by call {@code i + window}, which needs call
     * {@code i}'s permit back, which its callback gives after reading the slot.
     */
    private int async(Op op, String[] paths, int count, long deadline, OpRecorder rec) throws InterruptedException {
        int size = config.window();
        Semaphore window = new Semaphore(size);
        Callback callback = new Callback(rec, window, paths, new long[size]);
        boolean rate = config.mode() == Mode.RATE;
        long periodNanos = rate ? (long) (1e9 / config.rate()) : 0;
        long first = System.nanoTime();
        int issued = 0;
        while (issued < count) {
            long intended;
            if (rate) {
                intended = first + issued * periodNanos;
                if (!waitUntil(intended, deadline)) {
                    break;
                }
                window.acquire();
            } else {
                window.acquire();
                intended = System.nanoTime();
                if (intended - deadline >= 0) {
                    window.release();
                    break;
                }
            }
            callback.starts[issued % size] = intended;
            issue(op, paths[issued], callback, null);
            issued++;
        }
        // every issued call gives its permit back when answered: all of them back, all answered
        window.acquire(size);
        callback.checkOrder();
        return issued;
    }

    /** Parks until {@code intended}; false, without waiting, when it is at or past the deadline. */
    private static boolean waitUntil(long intended, long deadline) throws InterruptedException {
        if (intended - deadline >= 0) {
            return false;
        }
        long wait;
        while ((wait = intended - System.nanoTime()) > 0) {
            LockSupport.parkNanos(wait);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
        return true;
    }

    private void issue(Op op, String path, Callback cb, Object ctx) {
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

    /** One callback object for every call of a phase; runs on the session's event thread only. */
    private static final class Callback
            implements AsyncCallback.StringCallback,
                    AsyncCallback.StatCallback,
                    AsyncCallback.DataCallback,
                    AsyncCallback.VoidCallback {
        private final OpRecorder rec;
        private final Semaphore window;
        private final String[] paths;
        /** Start times of the calls in flight, call {@code i} in slot {@code i % length}. */
        final long[] starts;
        /** Answers so far: the next answer is the one of call {@code answered}. */
        private int answered;
        /** Answers that were not for the call expected next (none, if the client keeps its order). */
        private int outOfOrder;

        Callback(OpRecorder rec, Semaphore window, String[] paths, long[] starts) {
            this.rec = rec;
            this.window = window;
            this.paths = paths;
            this.starts = starts;
        }

        private void complete(int rc, String path) {
            int i = answered++;
            // the client hands back the very string it was given, so equals() ends at its identity check
            if (!paths[i].equals(path)) {
                outOfOrder++;
            }
            rec.record(System.nanoTime() - starts[i % starts.length], rc, path);
            window.release();
        }

        /** Called once every permit is back (the semaphore orders the event thread's writes before it). */
        void checkOrder() {
            if (outOfOrder > 0) {
                throw new IllegalStateException(outOfOrder
                        + " answers came back out of the order their calls were sent: their latencies are not"
                        + " trustworthy");
            }
        }

        @Override
        public void processResult(int rc, String path, Object ctx, String name) {
            complete(rc, path);
        }

        @Override
        public void processResult(int rc, String path, Object ctx, Stat stat) {
            complete(rc, path);
        }

        @Override
        public void processResult(int rc, String path, Object ctx, byte[] data, Stat stat) {
            complete(rc, path);
        }

        @Override
        public void processResult(int rc, String path, Object ctx) {
            complete(rc, path);
        }
    }
}
