package dev.zkload.it.testing;

import dev.zkload.bench.testing.ZkClients;
import dev.zkload.zk.ZkTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/** What is on the server: every path of a tree and the sessions its ephemerals belong to. */
public final class Znodes {
    /** The ephemeral owner ZooKeeper gives a container node. */
    private static final long CONTAINER = 0x8000000000000000L;

    private Znodes() {}

    /**
     * Domains whose executors have all registered (each executor's ephemeral {@code ip} is there); a run's fleet
     * is at its root's {@code /sim}.
     */
    public static int registeredDomains(ZooKeeper zk, String root) throws KeeperException, InterruptedException {
        if (zk.exists(root, false) == null) {
            return 0;
        }
        int up = 0;
        for (String domain : zk.getChildren(root, false)) {
            String executors = root + "/" + domain + "/$SaturnExecutors/executors";
            if (zk.exists(executors, false) != null
                    && zk.getChildren(executors, false).size() == 3) {
                boolean registered = true;
                for (String e : zk.getChildren(executors, false)) {
                    registered &= zk.exists(executors + "/" + e + "/ip", false) != null;
                }
                up += registered ? 1 : 0;
            }
        }
        return up;
    }

    /** Every path at or under {@code root} (breadth first), empty if it does not exist. */
    public static List<String> tree(ZooKeeper zk, String root) throws InterruptedException, KeeperException {
        return ZkTrees.list(zk, root);
    }

    /**
     * The tree under {@code namespace} as {@code "P|E|C <path>"} (persistent, ephemeral, container), each path
     * relative to the namespace and renamed by {@code rename}; the items running and the election candidates at
     * that moment left out, as they come and go.
     */
    public static Set<String> shape(String connect, String namespace, UnaryOperator<String> rename) throws Exception {
        Set<String> shape = new TreeSet<>();
        ZooKeeper zk = ZkClients.connect(connect);
        try {
            for (String path : tree(zk, namespace)) {
                Stat stat = zk.exists(path, false);
                String relative = path.substring(namespace.length());
                if (stat == null || relative.endsWith("/running") || relative.contains("/_c_")) {
                    continue;
                }
                long owner = stat.getEphemeralOwner();
                String kind = owner == CONTAINER ? "C" : owner != 0 ? "E" : "P";
                shape.add(kind + " " + rename.apply(relative));
            }
        } finally {
            zk.close();
        }
        return shape;
    }

    /** The owner session of every ephemeral at or under {@code root}. */
    public static List<Long> ephemeralOwners(ZooKeeper zk, String root) throws InterruptedException, KeeperException {
        List<Long> owners = new ArrayList<>();
        for (String path : tree(zk, root)) {
            Stat stat = zk.exists(path, false);
            if (stat != null && stat.getEphemeralOwner() != 0) {
                owners.add(stat.getEphemeralOwner());
            }
        }
        return owners;
    }
}
