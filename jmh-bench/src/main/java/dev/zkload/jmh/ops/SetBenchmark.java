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
 * Setting 100 bytes on an existing znode (version -1): a write without tree growth. Pitfall avoided:
 * a pool of 1,000 znodes written round robin, so no single node's version bookkeeping dominates.
 * Run: {@code java -jar jmh-bench/target/benchmarks.jar SetBenchmark -p profile=snapcount-1m,snapcount-3m,snapcount-10m}.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 10)
@Fork(1)
@State(Scope.Thread)
public class SetBenchmark {
    private Nodes nodes;

    @Setup(Level.Iteration)
    public void prepare(ZkServer server) throws Exception {
        nodes = new Nodes(server.zk, "set");
        nodes.fill(1000, CreateMode.PERSISTENT);
    }

    @Benchmark
    public Object set(ZkServer server) throws Exception {
        return server.zk.setData(nodes.cycle(1000), nodes.data(), -1);
    }

    @TearDown(Level.Iteration)
    public void clean() throws Exception {
        nodes.remove();
    }
}
