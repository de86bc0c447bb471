/**
 * What every zkload client of a ZooKeeper ensemble shares, and the part of it other code may use too:
 * {@link dev.zkload.zk.ZkClientSecurity} (how a session connects and who it proves to be: TLS, SASL,
 * digest auth, creator-only ACLs) and {@link dev.zkload.zk.ZkTrees} (a root checked as safe to write under,
 * never {@code /} nor ZooKeeper's {@code /zookeeper}, and a whole subtree listed and deleted with pipelined
 * calls, fast enough for the million znodes a large fleet leaves).
 *
 * <p>The module's other packages ({@code dev.zkload.zk.connect}: connect strings and why a connect failed;
 * {@code dev.zkload.zk.claim}: the claim a fleet and a run put on their root) are zkload's own: its module
 * exports them to executor-sim alone.
 */
package dev.zkload.zk;
