package dev.zkload.jmh.ops;

import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs.Ids;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Creating a persistent znode of 100 bytes, one synchronous call at a time: the write path (leader
 * proposal, quorum ack, fsync of the transaction log). Pitfall avoided: every invocation creates a
 * new path (no NODEEXISTS fast path); the znodes go at the end of each iteration, so the tree does
 * not grow across iterations. Run: {@code java -jar jmh-bench/target/benchmarks.jar CreateBenchmark -p profile=jdk17,jdk25}.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 10)
@Fork(1)
@State(Scope.Thread)
public class CreateBenchmark {
    private Nodes nodes;

    @Setup(Level.Iteration)
    public void prepare(ZkServer server) throws Exception {
        nodes = new Nodes(server.zk, "create");

    }

    @Benchmark
    public Object create(ZkServer server) throws Exception {
        return server.zk.create(nodes.take(null), nodes.data(), Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
    }

    @TearDown(Level.Iteration)
    public void clean() throws Exception {
        nodes.remove();
    }
}
