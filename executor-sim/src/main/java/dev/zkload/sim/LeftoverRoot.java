package dev.zkload.sim;

import dev.zkload.sim.zk.RootLock;
import dev.zkload.sim.zk.ZkTrees;
import java.util.ArrayList;
import java.util.List;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A root that holds znodes while no live fleet or run holds it: a leftover of one that is gone, or another
 * application's tree. {@link DomainFleet#start()} refuses it with its size and the ways out that apply
 * (taking over and zkload's {@code clean} only for what a fleet or run made), or takes it over.
 */
final class LeftoverRoot {
    /** A leftover's znodes are counted up to here: its message needs a size, not a walk of millions. */
    static final int COUNTED = 10_000;

    private static final Logger LOG = LoggerFactory.getLogger(LeftoverRoot.class);

    private LeftoverRoot() {}

    /** Whether a fleet or run may have made {@code root}: under {@code /zkload}, or marked as zkload's. */
    static boolean madeByZkload(ZooKeeper zk, String root) throws KeeperException, InterruptedException {
        if (root.equals("/zkload") || root.startsWith("/zkload/")) {
            return true;
        }
        return RootLock.marked(zk.getData(root, false, null));
    }

    /** The refusal of a leftover, with its size and the ways out that apply to it. */
    static DomainStartException refused(ZooKeeper zk, String root, String connectString)
            throws KeeperException, InterruptedException {
        long n = count(zk, root);
        String size = root + " holds " + (n >= COUNTED ? "more than " + COUNTED : n) + " znode" + (n == 1 ? "" : "s");
        if (!madeByZkload(zk, root)) {
            return new DomainStartException(
                    size + " and no fleet or run made it (it is outside /zkload and carries no zkload marker: another"
                            + " application's tree?); nothing was touched: give this fleet a root of its own",
                    null);
        }
        return new DomainStartException(
                size + " but no live fleet or run holds it (a leftover of one that is gone); nothing was touched: give"
                        + " this fleet another root, take the leftover over with"
                        + " DomainFleet.builder(..).takeOverLeftoverRoot() (deletes what is under it), or remove it"
                        + " with: java -jar runner.jar clean --connect " + connectString + " --root " + root,
                null);
    }

    /** Refuses to take over a root that no fleet or run made. */
    static void checkTakeOver(ZooKeeper zk, String root) throws KeeperException, InterruptedException {
        if (!madeByZkload(zk, root)) {
            throw new DomainStartException(
                    root + " is outside /zkload and carries no zkload marker, so no fleet or"
                            + " run made it; takeOverLeftoverRoot() clears only their leftovers, and nothing was touched",
                    null);
        }
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
    private static long count(ZooKeeper zk, String root) throws KeeperException, InterruptedException {
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
