package dev.zkload.bench.client;

import dev.zkload.zk.ZkTrees;
import dev.zkload.zk.claim.RootLock;
import java.util.ArrayList;
import java.util.List;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.ACL;

/**
 * A scratch root with no lock, such as the latency benchmark's own under a run's root. Refuses {@code /} and
 * ZooKeeper's own {@code /zookeeper} tree; refuses an existing non-empty root unless forced; marks the root with
 * data starting with {@link RootLock#MARKER} (so {@code clean} can tell zkload's roots from anyone else's);
 * and on {@link #remove} deletes the root and the parents it had to create, if they are empty. A run's own root
 * is claimed instead ({@link RunLock}).
 */
public final class ZkRoot {
    private final String path;
    private final List<String> createdParents = new ArrayList<>();

    private ZkRoot(String path) {
        this.path = path;
    }

    /**
     * Creates the root (and missing parents) with world-open ACLs, or with {@code force} empties an existing one.
     *
     * @throws IllegalStateException when the root exists, is not empty and {@code force} is false
     */
    public static ZkRoot prepare(ZooKeeper zk, String path, String label, boolean force)
            throws KeeperException, InterruptedException {
        return prepare(zk, path, label, force, Ids.OPEN_ACL_UNSAFE);
    }

    /**
     * Creates the root with {@code acl} (its missing parents world-open: other runs share them), or with
     * {@code force} empties an existing one.
     *
     * @throws IllegalStateException when the root exists, is not empty and {@code force} is false
     * @throws KeeperException.NoAuthException when the ACL of the root or of a parent denies this session
     */
    public static ZkRoot prepare(ZooKeeper zk, String path, String label, boolean force, List<ACL> acl)
            throws KeeperException, InterruptedException {
        ZkTrees.checkRoot(path);
        ZkRoot root = new ZkRoot(path);
        if (zk.exists(path, false) != null) {
            List<String> children = zk.getChildren(path, false);
            if (!children.isEmpty()) {
                if (!force) {
                    throw new IllegalStateException(path + " already exists and holds " + children.size()
                            + " znodes; choose another root, or use --force to clear it");
                }
                for (String child : children) {
                    ZkTrees.deleteRecursive(zk, path + "/" + child);
                }
            }
            return root;
        }
        root.createdParents.addAll(RootLock.createMarked(zk, path, label, acl));
        return root;
    }

    public String path() {
        return path;
    }

    /** {@code root + "/" + child}. */
    public String child(String child) {
        return path + "/" + child;
    }

    /**
     * Deletes the root and each parent it created, nearest first, as far as they are empty: a
     * parent another run's tree shares stays.
     */
    public void removeIfEmpty(ZooKeeper zk) throws KeeperException, InterruptedException {
        for (String p : createdParents) {
            try {
                zk.delete(p, -1);
            } catch (KeeperException.NoNodeException | KeeperException.NotEmptyException e) {
                return;
            }
        }
    }

    /**
     * Deletes the root and everything under it, then each parent this root created, if empty.
     * Runs with the caller's interrupt flag cleared (so cleanup works after Ctrl-C), then restores it.
     */
    public void remove(ZooKeeper zk) throws KeeperException, InterruptedException {
        boolean interrupted = Thread.interrupted();
        try {
            try {
                ZkTrees.deleteRecursive(zk, path);
            } catch (KeeperException.NoNodeException e) {
                // already gone
            }
            for (String parent : createdParents) {
                if (parent.equals(path)) {
                    continue;
                }
                try {
                    zk.delete(parent, -1);
                } catch (KeeperException.NotEmptyException | KeeperException.NoNodeException e) {
                    // shared with another run, or gone
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
