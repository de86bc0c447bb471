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
 * Deleting a persistent znode. Pitfall avoided: delete needs a znode to exist; a pool of 30,000 is
 * created before each iteration (pipelined, outside the measurement) and refilled if a long
 * iteration uses it up (one slow sample, visible at p99.9/max, rather than NONODE errors that would
 * measure nothing). Run: {@code java -jar jmh-bench/target/benchmarks.jar DeleteBenchmark}.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 10)
@Fork(1)
@State(Scope.Thread)
public class DeleteBenchmark {
    private Nodes nodes;

    @Setup(Level.Iteration)
    public void prepare(ZkServer server) throws Exception {
        nodes = new Nodes(server.zk, "delete");
        nodes.fill(Nodes.POOL, CreateMode.PERSISTENT);
    }

    @Benchmark
    public Object delete(ZkServer server) throws Exception {
        server.zk.delete(nodes.take(CreateMode.PERSISTENT), -1);
        return null;
    }

    @TearDown(Level.Iteration)
    public void clean() throws Exception {
        nodes.remove();
    }
}
