package dev.zkload.it;

import dev.zkload.sim.zk.ZkTrees;
import java.util.ArrayList;
import java.util.List;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/** What is on the server: every path of a tree and the sessions its ephemerals belong to. */
final class Znodes {
    private Znodes() {}

    /** Every path at or under {@code root} (breadth first), empty if it does not exist. */
    static List<String> tree(ZooKeeper zk, String root) throws InterruptedException, KeeperException {
        return ZkTrees.list(zk, root);
    }

    /** The owner session of every ephemeral at or under {@code root}. */
    static List<Long> ephemeralOwners(ZooKeeper zk, String root) throws InterruptedException, KeeperException {
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
