package dev.zkload.zk.claim;

import dev.zkload.zk.ZkTrees;
import java.util.ArrayList;
import java.util.List;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A root that holds znodes while no live fleet or run holds it: a leftover of one that is gone, or another
 * application's tree (told apart by where it is and its marker): sized for the refusal, and emptied when taken
 * over.
 */
final class LeftoverRoot {
    /** A leftover's znodes are counted up to here: its message needs a size, not a walk of millions. */
    static final int COUNTED = 10_000;

    private static final Logger LOG = LoggerFactory.getLogger(LeftoverRoot.class);

    private LeftoverRoot() {}

    /** Whether {@code root} is under {@code /zkload}, where only fleets and runs make roots. */
    static boolean underZkload(String root) {
        return root.equals("/zkload") || root.startsWith("/zkload/");
    }

    /** Empties a leftover root taken over, but for {@code kept} (the new claim). */
    static void clearAllBut(ZooKeeper zk, String root, String kept) throws KeeperException, InterruptedException {
        long removed = 0;
        for (String child : RootClaim.children(zk, root)) {
            if (!child.equals(kept)) {
                removed += ZkTrees.deleteRecursive(zk, root + "/" + child);
            }
        }
        LOG.info("took over the leftover root {}: removed the {} znodes under it", root, removed);
    }

    /** The znodes under {@code root}, counted up to {@value #COUNTED}. */
    static long count(ZooKeeper zk, String root) throws KeeperException, InterruptedException {
        List<String> level = List.of(root);
        long n = 0;
        while (!level.isEmpty() && n < COUNTED) {
            List<String> next = new ArrayList<>();
            for (String parent : level) {
                for (String child : RootClaim.children(zk, parent)) {
                    next.add(parent + "/" + child);
                }
                if (n + next.size() >= COUNTED) {
                    break;
                }
            }
            n += next.size();
            level = next;
        }
        return n;
    }
}
