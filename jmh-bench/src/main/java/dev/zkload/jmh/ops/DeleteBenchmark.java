package dev.zkload.jmh.ops;

import org.apache.zookeeper.CreateMode;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Deleting a persistent znode. Pitfall avoided: delete needs a znode to exist; a pool of 30,000 is
 * created before each iteration (pipelined, outside the measurement) and refilled if a long
 * iteration uses it up (one slow sample, visible at p99.9/max, rather than NONODE errors that would
 * measure nothing). Run: {@code java -jar jmh-bench/target/benchmarks.jar DeleteBenchmark}.
 */
public class DeleteBenchmark extends NodeBenchmark {
    @Override
    protected String name() {
        return "delete";
    }

    @Override
    protected void fill(Nodes n) throws InterruptedException {
        n.fill(Nodes.POOL, CreateMode.PERSISTENT);
    }

    @Benchmark
    public Object delete(ZkServer server) throws Exception {
        server.zk.delete(nodes.take(CreateMode.PERSISTENT), -1);
        return null;
    }
}
