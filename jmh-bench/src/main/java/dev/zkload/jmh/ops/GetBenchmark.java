package dev.zkload.jmh.ops;

import org.apache.zookeeper.CreateMode;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Reading 100 bytes from an existing znode: the read path, answered by the connected server alone.
 * Pitfall avoided: the result is returned to JMH (no dead-code elimination), and a pool of 1,000
 * znodes read round robin. Run: {@code java -jar jmh-bench/target/benchmarks.jar GetBenchmark}.
 */
public class GetBenchmark extends NodeBenchmark {
    @Override
    protected String name() {
        return "get";
    }

    @Override
    protected void fill(Nodes n) throws InterruptedException {
        n.fill(1000, CreateMode.PERSISTENT);
    }

    @Benchmark
    public Object get(ZkServer server) throws Exception {
        return server.zk.getData(nodes.cycle(1000), false, null);
    }
}
