package dev.zkload.sim;

import org.apache.zookeeper.CreateMode;

/**
 * The ZooKeeper client line a domain's Saturn processes run on, which decides how Curator 2.10 creates
 * the parents it makes on the way (its {@code creatingParentContainersIfNeeded()}): the latch of every
 * job's leader election and of the console's. A 3.4 client has no container nodes, so they are
 * persistent and stay; with a 3.5+ client they are containers, which the server deletes once they are
 * empty (after each election, within its {@code znode.container.checkIntervalMs}, 60 s by default): one
 * znode fewer per job and per domain, and one watch fewer per console sharding session. Saturn 2.1 ran
 * on 3.4; the executors Saturn 3.5 releases run on 3.5.8, which its build manages.
 *
 * <pre>{@code
 * SaturnModel model = SaturnModel.saturn3().toBuilder().zkClient(ZkClientLine.ZK_3_4).build();
 * }</pre>
 *
 * <p>Hazard: container nodes need a 3.5+ server, as Saturn's own 3.5 client does; against ZooKeeper
 * 3.4 servers simulate {@link #ZK_3_4}.
 */
public enum ZkClientLine {
    /** ZooKeeper 3.4 clients (Saturn 2.1): the latches are persistent znodes. */
    ZK_3_4("3.4"),
    /** ZooKeeper 3.5 and later clients (Saturn 3.5's release, 3.5.8): the latches are container znodes. */
    ZK_3_5("3.5");

    private final String id;

    ZkClientLine(String id) {
        this.id = id;
    }

    /**
     * The line as model files write it.
     *
     * @return {@code 3.4} or {@code 3.5}
     */
    public String id() {
        return id;
    }

    /**
     * The line of a name.
     *
     * @param id {@code 3.4} or {@code 3.5} (a later 3.x such as {@code 3.9} is the 3.5 line)
     * @return the line
     * @throws IllegalArgumentException naming the lines there are
     */
    public static ZkClientLine of(String id) {
        if (id != null && id.matches("3\\.4(\\.\\d+)?")) {
            return ZK_3_4;
        }
        if (id != null && id.matches("3\\.([5-9]|\\d{2,})(\\.\\d+)?")) {
            return ZK_3_5;
        }
        throw new IllegalArgumentException("unknown ZooKeeper client line '" + id + "': use 3.4 or 3.5");
    }

    /** How Curator creates the parents it makes on the way. */
    CreateMode parentMode() {
        return this == ZK_3_5 ? CreateMode.CONTAINER : CreateMode.PERSISTENT;
    }

    /** Whether the latches are containers, which the server deletes once empty. */
    boolean containers() {
        return this == ZK_3_5;
    }
}
