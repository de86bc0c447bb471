package dev.zkload.zk;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.ZooKeeper;

/**
 * Checks, lists and removes the tree under a root.
 *
 * <p>Hand-written rather than {@code ZKUtil.deleteRecursive} or Curator's
 * {@code deletingChildrenIfNeeded()}, for a measured reason: both list the tree with one synchronous
 * {@code getChildren} per znode. 700 simulated domains are 1.5 million znodes, and on a saturated
 * leader (100 ms a call) even a 10,000-znode root takes a quarter of an hour to list. Here a level of
 * the tree is listed with up to {@value #IN_FLIGHT} calls in flight, and the deletes go deepest first
 * in {@code multi} batches of {@value #BATCH}, also pipelined (one session keeps them in order).
 *
 * <pre>{@code
 * ZkTrees.checkRoot("/zkload/my-test");                  // throws for "/", "/zookeeper/..." or "a/b"
 * long removed = ZkTrees.deleteRecursive(zk, "/zkload/my-test");
 * }</pre>
 */
public final class ZkTrees {
    /** Calls in flight at once: enough to hide the round trip, few enough not to flood the leader. */
    static final int IN_FLIGHT = 64;
    /** Deletes per multi: far below jute.maxbuffer even for long paths. */
    static final int BATCH = 500;

    private ZkTrees() {}

    /**
     * Checks that {@code path} may be the root of a tree of one's own: an absolute, normalised znode
     * path other than {@code /} and outside ZooKeeper's own {@code /zookeeper}.
     *
     * @param path the root to check
     * @throws IllegalArgumentException saying what is wrong with it
     */
    public static void checkRoot(String path) {
        if (path == null || !path.startsWith("/") || (path.length() > 1 && path.endsWith("/")) || path.contains("//")) {
            throw new IllegalArgumentException(
                    "root must be an absolute znode path like /zkload/run-1, got '" + path + "'");
        }
        if (path.equals("/")) {
            throw new IllegalArgumentException("root / is refused: work only under a root of your own");
        }
        if (path.equals("/zookeeper") || path.startsWith("/zookeeper/")) {
            throw new IllegalArgumentException("root " + path + " is refused: /zookeeper is ZooKeeper's own tree");
        }
    }

    /**
     * Deletes {@code root} and everything below it.
     *
     * @param zk   a connected session
     * @param root the top of the tree to delete
     * @return how many znodes were deleted; 0 if {@code root} did not exist
     * @throws KeeperException      the first failure other than a znode already gone (e.g. a znode
     *                              created below the root meanwhile: {@code NotEmpty})
     * @throws InterruptedException when interrupted while waiting for the server
     */
    public static long deleteRecursive(ZooKeeper zk, String root) throws KeeperException, InterruptedException {
        List<String> tree = list(zk, root);
        Collections.reverse(tree);
        Semaphore window = new Semaphore(IN_FLIGHT);
        AtomicReference<List<String>> failedBatch = new AtomicReference<>();
        for (int from = 0; from < tree.size(); from += BATCH) {
            List<String> batch = tree.subList(from, Math.min(tree.size(), from + BATCH));
            List<Op> ops = new ArrayList<>(batch.size());
            batch.forEach(p -> ops.add(Op.delete(p, -1)));
            window.acquire();
            zk.multi(
                    ops,
                    (rc, path, ctx, results) -> {
                        if (rc != Code.OK.intValue()) {
                            failedBatch.compareAndSet(null, batch);
                        }
                        window.release();
                    },
                    null);
        }
        window.acquire(IN_FLIGHT);
        if (failedBatch.get() != null) {
            // a batch failed as a whole (one znode gone already, or a new child): the slow, exact way
            for (String p : tree) {
                try {
                    zk.delete(p, -1);
                } catch (KeeperException.NoNodeException gone) {
                    // deleted by a batch that succeeded, or by someone else
                }
            }
        }
        return tree.size();
    }

    /**
     * Lists a tree.
     *
     * @param zk   a connected session
     * @param root the top of the tree
     * @return {@code root} and every znode below it, breadth first; empty if it does not exist
     * @throws KeeperException      the first failure other than a znode already gone
     * @throws InterruptedException when interrupted while waiting for the server
     */
    public static List<String> list(ZooKeeper zk, String root) throws KeeperException, InterruptedException {
        return list(zk, root, path -> true);
    }

    /**
     * Lists a tree without going below the znodes {@code descend} refuses: they are listed, their children
     * are not (a walk that knows where what it looks for cannot be).
     *
     * @param zk      a connected session
     * @param root    the top of the tree
     * @param descend given a znode's path below the root, whether to list its children
     * @return {@code root} and every znode below it that is listed, breadth first; empty if it does not exist
     * @throws KeeperException      the first failure other than a znode already gone
     * @throws InterruptedException when interrupted while waiting for the server
     */
    public static List<String> list(ZooKeeper zk, String root, Predicate<String> descend)
            throws KeeperException, InterruptedException {
        List<String> all = new ArrayList<>();
        List<String> level = List.of(root);
        Semaphore window = new Semaphore(IN_FLIGHT);
        AtomicReference<KeeperException> failure = new AtomicReference<>();
        while (!level.isEmpty()) {
            List<String> next = Collections.synchronizedList(new ArrayList<>());
            List<String> present = Collections.synchronizedList(new ArrayList<>());
            for (String parent : level) {
                window.acquire();
                zk.getChildren(
                        parent,
                        false,
                        (rc, path, ctx, children) -> {
                            if (rc == Code.OK.intValue()) {
                                present.add(path);
                                String prefix = path.equals("/") ? "/" : path + "/";
                                for (String c : children) {
                                    (descend.test(prefix + c) ? next : present).add(prefix + c);
                                }
                            } else if (rc != Code.NONODE.intValue()) {
                                failure.compareAndSet(null, KeeperException.create(Code.get(rc), path));
                            }
                            window.release();
                        },
                        null);
            }
            window.acquire(IN_FLIGHT);
            window.release(IN_FLIGHT);
            if (failure.get() != null) {
                throw failure.get();
            }
            all.addAll(present);
            level = new ArrayList<>(next);
        }
        return all;
    }
}
