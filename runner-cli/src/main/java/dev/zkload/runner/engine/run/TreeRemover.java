package dev.zkload.runner.engine.run;

import dev.zkload.bench.client.RunLock;
import dev.zkload.zk.ZkTrees;
import dev.zkload.zk.claim.RootLock;
import dev.zkload.zk.connect.ConnectString;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/** One short session that inspects and deletes a subtree ({@link ZkTrees}: pipelined, in {@code multi} batches). */
public final class TreeRemover implements AutoCloseable {
    private final ZooKeeper zk;

    private TreeRemover(ZooKeeper zk) {
        this.zk = zk;
    }

    /**
     * Connects with {@code security}'s credentials, which must be those of the run that made the root.
     *
     * @throws dev.zkload.runner.RunFailure when the chroot of {@code cs} does not exist
     */
    public static TreeRemover connect(ConnectString cs, ClientSecuritySpec security, Duration timeout)
            throws IOException, InterruptedException {
        return new TreeRemover(PlainClient.open(cs, security, timeout));
    }

    public boolean exists(String path) throws IOException, InterruptedException {
        try {
            return zk.exists(path, false) != null;
        } catch (KeeperException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** A root under /zkload, or one whose data carries zkload's marker. */
    public boolean isZkloadRoot(String root) throws IOException, InterruptedException {
        return root.equals("/zkload") || root.startsWith("/zkload/") || marked(root);
    }

    private boolean marked(String path) throws IOException, InterruptedException {
        try {
            return RootLock.marked(zk.getData(path, false, null));
        } catch (KeeperException.NoNodeException e) {
            return false;
        } catch (KeeperException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    public List<String> list(String root) throws IOException, InterruptedException {
        try {
            return ZkTrees.list(zk, root);
        } catch (KeeperException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    public List<RunLock.Holder> liveLocks(List<String> tree) throws IOException, InterruptedException {
        try {
            return RunLock.holders(zk, tree);
        } catch (KeeperException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** Deletes {@code root} and everything below it; returns how many znodes were removed. */
    public long removeTree(String root) throws IOException, InterruptedException {
        try {
            return ZkTrees.deleteRecursive(zk, root);
        } catch (KeeperException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** The parents of {@code root} that carry zkload's marker and would be empty once it is gone. */
    public List<String> emptyParentsAfter(String root) throws IOException, InterruptedException {
        List<String> empty = new ArrayList<>();
        for (String p = parent(root); p != null; p = parent(p)) {
            Stat stat = stat(p);
            if (stat == null || stat.getNumChildren() != 1 || !marked(p)) {
                break;
            }
            empty.add(p);
        }
        return empty;
    }

    /** Removes the parents of a removed root that are now empty and zkload's (e.g. {@code /zkload}), deepest first. */
    public List<String> removeEmptyParents(String root) throws IOException, InterruptedException {
        List<String> removed = new ArrayList<>();
        for (String p = parent(root); p != null; p = parent(p)) {
            if (!marked(p)) {
                break;
            }
            try {
                zk.delete(p, -1);
                removed.add(p);
            } catch (KeeperException.NotEmptyException | KeeperException.NoNodeException e) {
                break; // another run's tree lives there too
            } catch (KeeperException e) {
                throw new IOException(e.getMessage(), e);
            }
        }
        return removed;
    }

    private Stat stat(String path) throws IOException, InterruptedException {
        try {
            return zk.exists(path, false);
        } catch (KeeperException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static String parent(String path) {
        int slash = path.lastIndexOf('/');
        return slash <= 0 ? null : path.substring(0, slash);
    }

    @Override
    public void close() {
        PlainClient.close(zk);
    }
}
