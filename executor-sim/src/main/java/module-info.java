/**
 * executor-sim: Saturn-shaped load on a real ZooKeeper ensemble, as a library. The API is the public types of
 * {@code dev.zkload.sim} and {@code dev.zkload.sim.junit}, and of the ZooKeeper foundation's {@code dev.zkload.zk}
 * ({@code ZkClientSecurity}, {@code ZkTrees}); nothing else is exported. Micrometer (the fleet's meters), SnakeYAML
 * (model files) and JUnit (the extension) are needed only where those features are used.
 */
module dev.zkload.sim {
    requires transitive dev.zkload.zk;
    requires transitive zookeeper;
    requires curator.framework;
    requires curator.client;
    requires org.slf4j;
    requires static transitive micrometer.core;
    requires static org.yaml.snakeyaml;
    requires static transitive org.junit.jupiter.api;

    exports dev.zkload.sim;
    exports dev.zkload.sim.junit;
}
