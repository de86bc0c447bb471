/**
 * zkload's ZooKeeper foundation, under executor-sim and bench-core: client security, tree helpers, connect
 * strings and their diagnosis, and the one claim a fleet and a run put on their root. Only
 * {@code dev.zkload.zk} is API; the other packages are zkload's own, exported to executor-sim alone.
 */
module dev.zkload.zk {
    requires transitive zookeeper;
    requires org.slf4j;

    exports dev.zkload.zk;
    exports dev.zkload.zk.connect to
            dev.zkload.sim;
    exports dev.zkload.zk.claim to
            dev.zkload.sim;
}
