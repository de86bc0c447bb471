package dev.zkload.jmh.ops;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs.Ids;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Creating an ephemeral znode: the write path plus the session's ephemeral bookkeeping on every
 * server. Pitfall avoided: unique paths, removed each iteration (ephemerals would otherwise live as
 * long as the benchmark's session). Run: {@code java -jar jmh-bench/target/benchmarks.jar CreateEphemeralBenchmark}.
 */
public class CreateEphemeralBenchmark extends NodeBenchmark {
    @Override
    protected String name() {
        return "createEphemeral";
    }

    @Benchmark
    public Object createEphemeral(ZkServer server) throws Exception {
        return server.zk.create(nodes.take(null), nodes.data(), Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
    }
}
