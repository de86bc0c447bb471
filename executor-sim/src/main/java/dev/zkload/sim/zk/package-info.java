/**
 * The tree under a root of one's own, handled the way a load tool must: {@link dev.zkload.sim.zk.ZkTrees}
 * checks that a root is safe to write under (never {@code /}, never ZooKeeper's {@code /zookeeper}),
 * and lists and deletes a whole subtree with pipelined calls, fast enough for the million znodes a
 * large fleet leaves. The fleet removes its own tree with it; a test can clean its root the same way.
 * {@link dev.zkload.sim.zk.RootLock} is the claim a fleet and zkload's runs both put on their root,
 * public only so that the runner reads and writes it the same way.
 */
package dev.zkload.sim.zk;
