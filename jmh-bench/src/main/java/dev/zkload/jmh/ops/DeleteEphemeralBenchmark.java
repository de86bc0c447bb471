package dev.zkload.jmh.ops;

import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.CreateMode;
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
 * Deleting an ephemeral znode: the write path plus removing it from its session's ephemeral set.
 * Pitfall avoided: as for {@link DeleteBenchmark}, a pre-created pool per iteration, refilled if
 * used up. Run: {@code java -jar jmh-bench/target/benchmarks.jar DeleteEphemeralBenchmark}.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 10)
@Fork(1)
@State(Scope.Thread)
public class DeleteEphemeralBenchmark {
    private Nodes nodes;

    @Setup(Level.Iteration)
    public void prepare(ZkServer server) throws Exception {
        nodes = new Nodes(server.zk, "deleteEphemeral");
        nodes.fill(Nodes.POOL, CreateMode.EPHEMERAL);
    }

    @Benchmark
    public Object deleteEphemeral(ZkServer server) throws Exception {
        server.zk.delete(nodes.take(CreateMode.EPHEMERAL), -1);
        return null;
    }

    @TearDown(Level.Iteration)
    public void clean() throws Exception {
        nodes.remove();
    }
}
