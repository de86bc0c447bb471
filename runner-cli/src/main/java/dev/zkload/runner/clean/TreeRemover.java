package dev.zkload.runner.clean;

import dev.zkload.bench.target.ConnectString;
import dev.zkload.bench.target.Connections;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZKUtil;
import org.apache.zookeeper.ZooKeeper;

/** One short session that lists and deletes a subtree in {@code multi} batches. */
final class TreeRemover implements AutoCloseable {
    /** Deletes per multi: large enough to be quick, small enough to stay far below jute.maxbuffer. */
    private static final int BATCH = 500;
    private final ZooKeeper zk;

    private TreeRemover(ZooKeeper zk) {
        this.zk = zk;
    }

    static TreeRemover connect(ConnectString cs, Duration timeout) throws IOException, InterruptedException {
        return new TreeRemover(Connections.open(cs.toString(), timeout.multipliedBy(2), timeout, null));
    }

    boolean exists(String path) throws IOException, InterruptedException {
        try {
            return zk.exists(path, false) != null;
        } catch (KeeperException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    byte[] data(String path) throws IOException, InterruptedException {
        try {
            return zk.getData(path, false, null);
        } catch (KeeperException.NoNodeException e) {
            return null;
        } catch (KeeperException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** Deletes {@code root} and everything below it; returns how many znodes were removed. */
    long removeTree(String root) throws IOException, InterruptedException {
        try {
            List<String> tree = ZKUtil.listSubTreeBFS(zk, root);
            ZKUtil.deleteRecursive(zk, root, BATCH);
            return tree.size();
        } catch (KeeperException.NoNodeException e) {
            return 0;
        } catch (KeeperException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public void close() throws InterruptedException {
        zk.close();
    }
}
