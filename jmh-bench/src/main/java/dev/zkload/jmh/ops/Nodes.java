package dev.zkload.jmh.ops;

import java.util.concurrent.CountDownLatch;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZKUtil;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;

/**
 * A directory of znodes for one iteration: created empty or pre-filled (pipelined async creates,
 * outside the measurement), and removed after. Benchmarks take paths from it in order.
 */
final class Nodes {
    /** Pre-filled znodes per iteration for the delete benchmarks: more than a 10 s iteration deletes here (-Dzkload.jmh.pool=N). */
    static final int POOL = Integer.getInteger("zkload.jmh.pool", 30_000);

    private final ZooKeeper zk;
    final String dir;
    private final byte[] data = new byte[100];
    private int next;
    private int filled;

    Nodes(ZooKeeper zk, String name) throws Exception {
        this.zk = zk;
        this.dir = ZkServer.ROOT + "/" + name;
        try {
            ZKUtil.deleteRecursive(zk, dir, 1000);
        } catch (KeeperException.NoNodeException ignored) {
            // first iteration
        }
        zk.create(dir, new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
    }

    /** Creates {@code count} more znodes, pipelined, and waits for them. */
    void fill(int count, CreateMode mode) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(count);
        for (int i = 0; i < count; i++) {
            zk.create(path(filled + i), data, Ids.OPEN_ACL_UNSAFE, mode, (rc, p, ctx, name) -> done.countDown(), null);
        }
        done.await();
        filled += count;
    }

    String path(int i) {
        return dir + "/n" + i;
    }

    /** The next path in order; for the delete benchmarks, refills (unmeasured cost shows as one slow sample) when used up. */
    String take(CreateMode refill) throws InterruptedException {
        if (refill != null && next >= filled) {
            fill(POOL, refill);
        }
        return path(next++);
    }

    /** Round robin over the first {@code size} znodes. */
    String cycle(int size) {
        return path(next++ % size);
    }

    byte[] data() {
        return data;
    }

    void remove() throws Exception {
        ZKUtil.deleteRecursive(zk, dir, 1000);
    }
}
