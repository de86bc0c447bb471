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
 * Creating an ephemeral znode: the write path plus the session's ephemeral bookkeeping on every
 * server. Pitfall avoided: unique paths, removed each iteration (ephemerals would otherwise live as
 * long as the benchmark's session). Run: {@code java -jar jmh-bench/target/benchmarks.jar CreateEphemeralBenchmark}.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 10)
@Fork(1)
@State(Scope.Thread)
public class CreateEphemeralBenchmark {
    private Nodes nodes;

    @Setup(Level.Iteration)
    public void prepare(ZkServer server) throws Exception {
        nodes = new Nodes(server.zk, "createEphemeral");

    }

    @Benchmark
    public Object createEphemeral(ZkServer server) throws Exception {
        return server.zk.create(nodes.take(null), nodes.data(), Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
    }

    @TearDown(Level.Iteration)
    public void clean() throws Exception {
        nodes.remove();
    }
}
