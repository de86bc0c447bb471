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
 * Reading 100 bytes from an existing znode: the read path, answered by the connected server alone.
 * Pitfall avoided: the result is returned to JMH (no dead-code elimination), and a pool of 1,000
 * znodes read round robin. Run: {@code java -jar jmh-bench/target/benchmarks.jar GetBenchmark}.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 10)
@Fork(1)
@State(Scope.Thread)
public class GetBenchmark {
    private Nodes nodes;

    @Setup(Level.Iteration)
    public void prepare(ZkServer server) throws Exception {
        nodes = new Nodes(server.zk, "get");
        nodes.fill(1000, CreateMode.PERSISTENT);
    }

    @Benchmark
    public Object get(ZkServer server) throws Exception {
        return server.zk.getData(nodes.cycle(1000), false, null);
    }

    @TearDown(Level.Iteration)
    public void clean() throws Exception {
        nodes.remove();
    }
}
