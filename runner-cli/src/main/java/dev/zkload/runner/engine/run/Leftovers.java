package dev.zkload.runner.engine.run;

import dev.zkload.bench.client.RunLock;
import dev.zkload.bench.client.ZkRoot;
import dev.zkload.runner.text.Plural;
import dev.zkload.zk.claim.RootLock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Function;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;

/**
 * The trees earlier runs left beside a new run's root: zkload roots (marked by {@link ZkRoot}) whose
 * lock is gone, because their run was killed or kept its domains. Their znodes, sessions' watches and
 * snapshot size weigh on the ensemble the new run measures, so the run says so, with the command
 * that removes them. Live runs' roots hold their lock and are not leftovers. Counting reads at most
 * {@link #COUNT_BUDGET} znodes in all: a million-znode leftover is "at least" that many, not a
 * minute-long walk before the run.
 */
final class Leftovers {
    static final int COUNT_BUDGET = 10_000;
    private static final int SHOWN = 3;

    /**
     * One tree left behind.
     *
     * @param znodes the znodes counted, the root included
     * @param atLeast the count stopped at the budget: there are more
     */
    record Leftover(String root, long znodes, boolean atLeast) {
        String size() {
            return (atLeast ? "at least " : "") + Plural.of(znodes, "znode");
        }
    }

    private Leftovers() {}

    /** The leftovers beside {@code root} under its parent; none when the parent is {@code /}. */
    static List<Leftover> beside(ZooKeeper zk, String root) throws KeeperException, InterruptedException {
        return beside(zk, root, COUNT_BUDGET);
    }

    /**
     * The leftovers beside {@code root}, counting at most {@code countBudget} znodes in all.
     *
     * @param countBudget how many znodes the counts may read in all
     */
    static List<Leftover> beside(ZooKeeper zk, String root, int countBudget)
            throws KeeperException, InterruptedException {
        int slash = root.lastIndexOf('/');
        if (slash <= 0) {
            return List.of();
        }
        String parent = root.substring(0, slash);
        List<String> children;
        try {
            children = zk.getChildren(parent, false);
        } catch (KeeperException.NoNodeException e) {
            return List.of();
        }
        List<Leftover> found = new ArrayList<>();
        long[] budget = {countBudget};
        for (String child : children.stream().sorted().toList()) {
            String path = parent + "/" + child;
            if (!path.equals(root)
                    && isRunRoot(zk, path)
                    && RunLock.holder(zk, path).isEmpty()) {
                found.add(count(zk, path, budget));
            }
        }
        return found;
    }

    /**
     * The console's warning for {@code leftovers}, with one {@code clean} command per tree.
     *
     * @param cleanCommand the command that removes a root
     */
    static String warning(List<Leftover> leftovers, Function<String, String> cleanCommand) {
        StringBuilder sb = new StringBuilder("Warning: ");
        Leftover first = leftovers.get(0);
        String parent = first.root().substring(0, first.root().lastIndexOf('/'));
        sb.append(parent)
                .append(" already holds ")
                .append(leftovers.size() == 1 ? "the tree" : leftovers.size() + " trees")
                .append(" of an earlier run whose lock is gone (killed, or run with --keep); its znodes weigh on"
                        + " the ensemble this run measures. Remove ")
                .append(leftovers.size() == 1 ? "it" : "them")
                .append(" with:");
        for (Leftover l : leftovers.subList(0, Math.min(SHOWN, leftovers.size()))) {
            sb.append(System.lineSeparator())
                    .append("  ")
                    .append(cleanCommand.apply(l.root()))
                    .append("   (")
                    .append(l.size())
                    .append(")");
        }
        if (leftovers.size() > SHOWN) {
            sb.append(System.lineSeparator())
                    .append("  and ")
                    .append(leftovers.size() - SHOWN)
                    .append(" more");
        }
        return sb.toString();
    }

    /** A root zkload created for a run: its data is the marker and a label ("zkload ramp <run id>"). */
    private static boolean isRunRoot(ZooKeeper zk, String path) throws KeeperException, InterruptedException {
        try {
            return RootLock.markedRoot(zk.getData(path, false, null));
        } catch (KeeperException.NoNodeException e) {
            return false;
        }
    }

    /** Counts the tree breadth first until the shared budget is spent. */
    private static Leftover count(ZooKeeper zk, String root, long[] budget)
            throws KeeperException, InterruptedException {
        long znodes = 1;
        Deque<String> pending = new ArrayDeque<>(List.of(root));
        while (!pending.isEmpty()) {
            if (budget[0] <= 0) {
                return new Leftover(root, znodes, true);
            }
            String path = pending.poll();
            List<String> children;
            try {
                children = zk.getChildren(path, false);
            } catch (KeeperException.NoNodeException e) {
                continue; // removed while we counted
            }
            budget[0] -= Math.max(1, children.size());
            znodes += children.size();
            for (String c : children) {
                pending.add(path + "/" + c);
            }
        }
        return new Leftover(root, znodes, false);
    }
}
