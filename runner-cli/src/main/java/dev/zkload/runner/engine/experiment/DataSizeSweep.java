package dev.zkload.runner.engine.experiment;

import dev.zkload.bench.ops.LatencyListener;
import dev.zkload.bench.result.OpStats;
import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.runner.result.LevelResult;
import dev.zkload.runner.result.RunKind;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * {@code data-size}: how much slower is each operation as znodes hold more data? The seven-op
 * benchmark runs once per size. Before the first level one znode of the largest size is written and
 * removed: a server whose {@code jute.maxbuffer} is smaller closes the connection on it, and the
 * sweep stops there with one sentence instead of failing every call of that level.
 */
public final class DataSizeSweep implements Sweep.Experiment {
    private static final Duration SESSION_TIMEOUT = Duration.ofSeconds(30);

    private final PreparedRun run;
    private final DataSizePlan plan;
    private final LatencyListener listener;

    public DataSizeSweep(PreparedRun run, DataSizePlan plan, LatencyListener listener) {
        this.run = run;
        this.plan = plan;
        this.listener = listener;
    }

    @Override
    public Sweep.LevelPlan levels() {
        return Sweep.LevelPlan.of(plan.levels());
    }

    @Override
    public RunKind kind() {
        return RunKind.DATA_SIZE;
    }

    @Override
    public void open(List<String> notes) throws KeeperException, InterruptedException, IOException {
        long largest = plan.levels().stream().mapToLong(Level::value).max().orElse(0);
        ZooKeeper zk = RunSessions.open(run, SESSION_TIMEOUT, plan.bench().connectTimeout(), null);
        String probe = run.root() + "/size-probe";
        try {
            try {
                zk.create(probe, new byte[(int) largest], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            } catch (KeeperException.ConnectionLossException e) {
                throw new IOException(
                        "the server closed the connection on a znode of " + largest + " bytes: its"
                                + " jute.maxbuffer is smaller (ZooKeeper's default is 1048575 bytes, the request's path and"
                                + " header included); raise -Djute.maxbuffer on every server, or leave that size out of"
                                + " --sizes",
                        e);
            }
            zk.delete(probe, -1);
        } finally {
            zk.close();
        }
    }

    @Override
    public LevelResult measure(int index, Level level, GeneratorMonitor monitor) throws IOException {
        Instant start = Instant.now();
        int znodes = plan.znodesAt(level);
        List<String> notes = new ArrayList<>();
        if (znodes < plan.bench().znodes()) {
            notes.add(
                    znodes + " znodes per operation instead of " + plan.bench().znodes() + ", so that the level"
                            + " holds at most " + plan.maxData() + " bytes of data at once (--max-data).");
        }
        BenchSettings.Outcome bench =
                plan.bench().withZnodes(znodes).measure(run, (int) level.value(), listener, monitor);
        Map<String, Double> measured = new LinkedHashMap<>();
        measured.put("znodesPerOperation", (double) znodes);
        for (String op : List.of("create", "set", "get")) {
            OpStats stats = bench.ops().get(op);
            if (stats == null || stats.count() == 0) {
                continue;
            }
            if (stats.errors() == stats.count()) {
                notes.add("every " + op + " call failed (" + stats.errorsByCode() + "): no data rate.");
                continue;
            }
            // the data moved: only the calls that succeeded carried their bytes
            double succeeded = (double) (stats.count() - stats.errors()) / stats.count();
            measured.put(op + "MBPerSecond", Sweep.round(stats.opsPerSec() * succeeded * level.value() / 1e6, 3));
        }
        return new LevelResult(
                index,
                level.label(),
                level.value(),
                start,
                Instant.now(),
                measured,
                notes,
                bench.ops(),
                bench.health(),
                bench.interrupted());
    }

    @Override
    public void close(List<String> notes) {
        // the benchmark removes its own znodes, and the probe is gone once open() returns
    }
}
