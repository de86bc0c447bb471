package dev.zkload.bench.ops;

import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * Fills a tree with persistent znodes as fast as one session can, to give an ensemble a number of
 * znodes before something is measured on it. Znode {@code i} of the fill is a bucket
 * {@code <parent>/b<i/1000>} when {@code i} is a multiple of {@value #BUCKET}, and otherwise a child
 * {@code n<i%1000>} of that bucket: every znode the fill creates counts, so after filling to
 * {@code n} the server holds exactly {@code n} more, and no znode has more children than a
 * {@code getChildren} reply can carry (a million children under one parent would exceed
 * {@code jute.maxbuffer}, and neither a client nor {@code clean} could list them).
 *
 * <p>Creates are single requests, pipelined ({@value #IN_FLIGHT} in flight on one session, which
 * keeps them in order, so a bucket exists before its children): not {@code multi} batches, because
 * a batch is one transaction and the server's snapshots (every {@code snapCount} transactions) would
 * then never happen while a million znodes are filled.
 */
public final class TreeFill {
    /** Znodes per bucket, the bucket included. */
    static final int BUCKET = 1000;
    /** Calls in flight at once: enough to hide the round trip, few enough not to flood the leader. */
    static final int IN_FLIGHT = 500;

    private TreeFill() {}

    /**
     * Creates the fill's znodes {@code from} (inclusive) to {@code to} (exclusive) under
     * {@code parent}, which must exist; a fill goes on where the previous one ended.
     *
     * @param data the data of every znode
     * @throws KeeperException      the first failure, once every call in flight has returned
     * @throws InterruptedException when interrupted; the znodes created so far stay
     */
    public static void fill(ZooKeeper zk, String parent, long from, long to, byte[] data)
            throws KeeperException, InterruptedException {
        Semaphore window = new Semaphore(IN_FLIGHT);
        AtomicReference<KeeperException> failure = new AtomicReference<>();
        try {
            for (long i = from; i < to && failure.get() == null; i++) {
                window.acquire();
                zk.create(
                        path(parent, i),
                        data,
                        ZooDefs.Ids.OPEN_ACL_UNSAFE,
                        CreateMode.PERSISTENT,
                        (rc, path, ctx, name) -> {
                            if (rc != Code.OK.intValue()) {
                                failure.compareAndSet(null, KeeperException.create(Code.get(rc), path));
                            }
                            window.release();
                        },
                        null);
            }
        } finally {
            // every call returns (or the session ends), so the next user of the session starts clean
            window.acquireUninterruptibly(IN_FLIGHT);
        }
        if (failure.get() != null) {
            throw failure.get();
        }
    }

    /** The path of the fill's znode {@code i}. */
    public static String path(String parent, long i) {
        String bucket = parent + "/b" + i / BUCKET;
        long child = i % BUCKET;
        return child == 0 ? bucket : bucket + "/n" + child;
    }
}
