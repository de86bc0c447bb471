package dev.zkload.jmh.ops;

import java.util.concurrent.TimeUnit;
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
 * What the seven per-op benchmarks share (JMH applies a superclass's annotations and fixtures to
 * its subclasses): sample-time mode in µs, and a fresh directory of znodes per iteration, filled
 * before the iteration as the subclass needs and removed after it, so no iteration sees the last
 * one's tree.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 10)
@Fork(1)
@State(Scope.Thread)
public abstract class NodeBenchmark {
    protected Nodes nodes;

    /** The iteration's directory name under the benchmark root. */
    protected abstract String name();

    /** Znodes to create before the iteration (outside the measurement); none by default. */
    protected void fill(Nodes n) throws InterruptedException {}

    @Setup(Level.Iteration)
    public void prepare(ZkServer server) throws Exception {
        nodes = new Nodes(server.zk, name());
        fill(nodes);
    }

    @TearDown(Level.Iteration)
    public void clean() throws Exception {
        nodes.remove();
    }
}
