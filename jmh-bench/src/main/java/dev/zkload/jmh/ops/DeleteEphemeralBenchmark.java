package dev.zkload.jmh.ops;

import org.apache.zookeeper.CreateMode;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Deleting an ephemeral znode: the write path plus removing it from its session's ephemeral set.
 * Pitfall avoided: as for {@link DeleteBenchmark}, a pre-created pool per iteration, refilled if
 * used up. Run: {@code java -jar jmh-bench/target/benchmarks.jar DeleteEphemeralBenchmark}.
 */
public class DeleteEphemeralBenchmark extends NodeBenchmark {
    @Override
    protected String name() {
        return "deleteEphemeral";
    }

    @Override
    protected void fill(Nodes n) throws InterruptedException {
        n.fill(Nodes.POOL, CreateMode.EPHEMERAL);
    }

    @Benchmark
    public Object deleteEphemeral(ZkServer server) throws Exception {
        server.zk.delete(nodes.take(CreateMode.EPHEMERAL), -1);
        return null;
    }
}
