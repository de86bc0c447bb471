package dev.zkload.jmh.ops;

import org.apache.zookeeper.CreateMode;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Setting 100 bytes on an existing znode (version -1): a write without tree growth. Pitfall avoided:
 * a pool of 1,000 znodes written round robin, so no single node's version bookkeeping dominates.
 * Run: {@code java -jar jmh-bench/target/benchmarks.jar SetBenchmark -p profile=snapcount-1m,snapcount-3m,snapcount-10m}.
 */
public class SetBenchmark extends NodeBenchmark {
    @Override
    protected String name() {
        return "set";
    }

    @Override
    protected void fill(Nodes n) throws InterruptedException {
        n.fill(1000, CreateMode.PERSISTENT);
    }

    @Benchmark
    public Object set(ZkServer server) throws Exception {
        return server.zk.setData(nodes.cycle(1000), nodes.data(), -1);
    }
}
