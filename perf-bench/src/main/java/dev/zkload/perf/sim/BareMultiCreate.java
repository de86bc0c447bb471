package dev.zkload.perf.sim;

import dev.zkload.zk.ZkTrees;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;

/**
 * The baseline for "adding domains costs the server's time, not ours": the same number of znodes
 * written by one client as fast as it can, in {@code multi} batches of {@value #BATCH} with
 * {@value #IN_FLIGHT} batches in flight, no reads, no watches, no sessions to open.
 */
final class BareMultiCreate {
    static final int BATCH = 100;
    static final int IN_FLIGHT = 32;
    private static final int PER_PARENT = 1000;
    private static final byte[] DATA = "0 * * * * ?".getBytes(StandardCharsets.UTF_8);

    private BareMultiCreate() {}

    /**
     * Writes {@code znodes} znodes under {@code root} (which must not exist; its parent is created if
     * missing), returns the seconds it took, removes them.
     */
    static double seconds(ZooKeeper zk, String root, long znodes) throws Exception {
        String parent = root.substring(0, root.lastIndexOf('/'));
        if (!parent.isEmpty() && zk.exists(parent, false) == null) {
            zk.create(parent, new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        }
        zk.create(root, new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        InFlight window = new InFlight(IN_FLIGHT);
        long t0 = System.nanoTime();
        List<Op> batch = new ArrayList<>(BATCH);
        for (long i = 0; i < znodes; i++) {
            if (i % PER_PARENT == 0) {
                batch.add(Op.create(
                        root + "/p" + i / PER_PARENT, new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT));
            } else {
                batch.add(Op.create(
                        root + "/p" + i / PER_PARENT + "/n" + i, DATA, Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT));
            }
            if (batch.size() == BATCH || i == znodes - 1) {
                window.acquire();
                zk.multi(batch, (rc, path, ctx, results) -> window.done(rc, path), null);
                batch = new ArrayList<>(BATCH);
            }
        }
        window.drain();
        double seconds = (System.nanoTime() - t0) / 1e9;
        window.throwIfFailed();
        ZkTrees.deleteRecursive(zk, root);
        return seconds;
    }
}
