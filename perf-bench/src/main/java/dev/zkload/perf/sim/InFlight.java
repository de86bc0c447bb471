package dev.zkload.perf.sim;

import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.zookeeper.KeeperException;

/** The bare baselines' pipelining: at most {@code limit} async calls in flight, the first failure kept. */
final class InFlight {
    private final int limit;
    private final Semaphore permits;
    private final AtomicReference<KeeperException> failure = new AtomicReference<>();
    /** Calls sent: written by the one sending thread, read after {@link #drain()}. */
    private long sent;

    InFlight(int limit) {
        this.limit = limit;
        this.permits = new Semaphore(limit);
    }

    /** Blocks until one more call may go out. */
    void acquire() throws InterruptedException {
        permits.acquire();
        sent++;
    }

    long sent() {
        return sent;
    }

    /** A call's answer: {@code rc} as the callback got it. */
    void done(int rc, String path) {
        if (rc != 0) {
            failure.compareAndSet(null, KeeperException.create(KeeperException.Code.get(rc), path));
        }
        permits.release();
    }

    /** Waits until every call sent has been answered. */
    void drain() throws InterruptedException {
        permits.acquire(limit);
        permits.release(limit);
    }

    void throwIfFailed() throws KeeperException {
        if (failure.get() != null) {
            throw failure.get();
        }
    }
}
