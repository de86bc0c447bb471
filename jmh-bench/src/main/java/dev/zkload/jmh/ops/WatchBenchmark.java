package dev.zkload.jmh.ops;

import org.apache.zookeeper.CreateMode;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * {@code exists} with a watch on an existing znode (zk-latencies' watch phase). Pitfall avoided:
 * watches accumulate on the server; with a bounded set of 1,000 znodes the same watches are set
 * again (the server keeps one per path and session), so the watch table does not grow without bound.
 * Run: {@code java -jar jmh-bench/target/benchmarks.jar WatchBenchmark}.
 */
public class WatchBenchmark extends NodeBenchmark {
    @Override
    protected String name() {
        return "watch";
    }

    @Override
    protected void fill(Nodes n) throws InterruptedException {
        n.fill(1000, CreateMode.EPHEMERAL);
    }

    @Benchmark
    public Object watch(ZkServer server) throws Exception {
        return server.zk.exists(nodes.cycle(1000), event -> {});
    }
}
