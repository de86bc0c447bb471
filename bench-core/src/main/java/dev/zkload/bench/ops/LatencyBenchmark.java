package dev.zkload.bench.ops;

import dev.zkload.bench.result.LatencyReport;
import dev.zkload.bench.result.TargetResult;
import dev.zkload.zk.connect.ConnectString;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The seven-op latency benchmark of {@code zk-latencies.py}, done properly: create, set, get, delete,
 * createEphemeral, watch, deleteEphemeral over {@code znodeCount} znodes, then the time until every
 * watch notification triggered by the deletes has arrived.
 *
 * <pre>{@code
 * LatencyConfig config = LatencyConfig.builder("127.0.0.1:2181").znodeCount(10_000).mode(Mode.ASYNC).build();
 * LatencyRun run = LatencyBenchmark.run(config, LatencyListener.NONE);
 * double createsPerSecond = run.report().targets().get(0).ops().get("create").opsPerSec();
 * }</pre>
 *
 * <p>Hazards: everything happens under {@code config.root()}, which is removed at the end, also
 * after a failure or an interrupt. An interrupt (Ctrl-C) ends the run early: the report then holds
 * the phases that finished, is marked {@code interrupted}, and the thread's interrupt flag is set
 * again on return.
 */
public final class LatencyBenchmark {
    private LatencyBenchmark() {}

    /**
     * Runs the benchmark against the connect string, or each of its servers in turn.
     *
     * @throws IOException when a target cannot be reached within the connect timeout
     * @throws IllegalStateException when the root holds data and {@code force} is not set
     */
    public static LatencyRun run(LatencyConfig config, LatencyListener listener) throws IOException {
        String runId = RunIds.next();
        Instant start = Instant.now();
        List<TargetResult> results = new ArrayList<>();
        Map<String, Map<String, Histogram>> histograms = new LinkedHashMap<>();
        boolean interrupted = false;
        for (String target : targets(config)) {
            TargetRun run = new TargetRun(target, config, runId, listener);
            try {
                run.execute();
            } catch (InterruptedException e) {
                interrupted = true;
            } finally {
                results.add(run.result());
                histograms.put(target, run.histograms());
            }
            if (interrupted) {
                break;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        LatencyReport report = new LatencyReport(
                runId,
                config.root(),
                config.mode().name().toLowerCase(java.util.Locale.ROOT),
                config.znodeCount(),
                config.znodeSize(),
                config.watchMultiple(),
                start,
                Instant.now(),
                interrupted,
                results);
        return new LatencyRun(report, histograms);
    }

    private static List<String> targets(LatencyConfig config) {
        if (!config.perServer()) {
            return List.of(config.connectString());
        }
        ConnectString cs = ConnectString.parse(config.connectString());
        List<String> targets = new ArrayList<>();
        for (ServerAddress s : cs.servers()) {
            targets.add(s.hostPort() + cs.chroot());
        }
        return targets;
    }
}
