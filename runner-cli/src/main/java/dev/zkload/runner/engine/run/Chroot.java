package dev.zkload.runner.engine.run;

import dev.zkload.runner.RunFailure;
import dev.zkload.zk.connect.ConnectString;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;

/**
 * The chroot of {@code --connect host:port/teamA} must exist: ZooKeeper's client accepts a missing
 * one and only fails the first create, naming the path relative to the chroot ("NoNode for
 * /zkload"), which points the user at the wrong znode.
 */
final class Chroot {
    private Chroot() {}

    /**
     * Passes when there is no chroot or it exists.
     *
     * @param zk a session opened with {@code cs}, so its {@code "/"} is the chroot
     * @throws RunFailure naming the missing chroot and the two ways on
     */
    static void checkExists(ZooKeeper zk, ConnectString cs) throws InterruptedException {
        if (cs.chroot().isEmpty()) {
            return;
        }
        try {
            if (zk.exists("/", false) != null) {
                return;
            }
        } catch (KeeperException e) {
            throw new RunFailure(
                    "cannot check the chroot " + cs.chroot() + " of --connect " + cs + ": " + e.getMessage(), e);
        }
        String hosts =
                cs.toString().substring(0, cs.toString().length() - cs.chroot().length());
        throw new RunFailure("the chroot " + cs.chroot() + " of --connect " + cs + " does not exist: create it"
                + " (zkCli.sh -server " + hosts + " create " + cs.chroot() + "), or drop " + cs.chroot()
                + " from --connect");
    }
}
