package dev.zkload.runner.clean;

import dev.zkload.bench.target.ConnectString;
import dev.zkload.bench.target.Connections;
import dev.zkload.bench.target.ZkTrees;
import java.io.IOException;
import java.time.Duration;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;

/** One short session that lists and deletes a subtree ({@link ZkTrees}: pipelined, in {@code multi} batches). */
final class TreeRemover implements AutoCloseable {
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
            return ZkTrees.deleteRecursive(zk, root);
        } catch (KeeperException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public void close() throws InterruptedException {
        zk.close();
    }
}
