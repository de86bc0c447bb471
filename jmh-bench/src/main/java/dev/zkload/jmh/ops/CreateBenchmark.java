package dev.zkload.jmh.ops;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs.Ids;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Creating a persistent znode of 100 bytes, one synchronous call at a time: the write path (leader
 * proposal, quorum ack, fsync of the transaction log). Pitfall avoided: every invocation creates a
 * new path (no NODEEXISTS fast path); the znodes go at the end of each iteration, so the tree does
 * not grow across iterations. Run: {@code java -jar jmh-bench/target/benchmarks.jar CreateBenchmark -p profile=jdk17,jdk25}.
 */
public class CreateBenchmark extends NodeBenchmark {
    @Override
    protected String name() {
        return "create";
    }

    @Benchmark
    public Object create(ZkServer server) throws Exception {
        return server.zk.create(nodes.take(null), nodes.data(), Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
    }
}
