package dev.zkload.runner.engine.latency;

import dev.zkload.bench.ops.LatencyBenchmark;
import dev.zkload.bench.ops.LatencyConfig;
import dev.zkload.bench.ops.LatencyListener;
import dev.zkload.bench.ops.LatencyRun;
import dev.zkload.bench.result.LatencyReport;
import dev.zkload.bench.result.TargetResult;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.engine.run.InterruptFlag;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.ServerCheck;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code latency}'s work: the seven-op benchmark alone on a prepared run, its report written with each
 * single-server target's role as the preflight found it, and its histogram logs beside it.
 */
public final class LatencyMeasurement {
    private LatencyMeasurement() {}

    /**
     * Runs the benchmark against the run's target and writes its results. Ctrl-C during the benchmark leaves the
     * thread interrupted and the report with what was measured until then.
     *
     * @param config the benchmark, its root under the run's
     * @throws RunFailure when the benchmark cannot run (its root not ours, the ensemble gone) or its histogram logs
     *     cannot be written
     * @throws java.io.UncheckedIOException when {@code latency.json} cannot be written
     */
    public static LatencyReport run(PreparedRun run, LatencyConfig config, LatencyListener progress) {
        LatencyRun result;
        try {
            result = LatencyBenchmark.run(config, progress);
        } catch (IllegalStateException | IOException e) {
            throw new RunFailure(e.getMessage(), e);
        }
        LatencyReport report = withRoles(result.report(), run.servers());
        try {
            InterruptFlag.aside(() -> {
                run.results().writeAtomically(ResultFiles.LATENCY, report);
                result.writeHistogramLogs(run.results().resolve(ResultFiles.HISTOGRAMS), ResultFiles.LATENCY_LOGS);
            });
        } catch (IOException e) {
            throw new RunFailure("cannot write " + run.results().dir() + ": " + e.getMessage(), e);
        }
        return report;
    }

    /** Each single-server target's role, as the preflight found it. */
    private static LatencyReport withRoles(LatencyReport report, List<ServerCheck> servers) {
        List<TargetResult> targets = new ArrayList<>();
        for (TargetResult r : report.targets()) {
            String role = servers.stream()
                    .filter(c -> r.target().equals(c.server()) || r.target().startsWith(c.server() + "/"))
                    .map(ServerCheck::mode)
                    .findFirst()
                    .orElse(null);
            targets.add(r.withRole(role));
        }
        return new LatencyReport(
                report.runId(),
                report.root(),
                report.mode(),
                report.znodeCount(),
                report.znodeSize(),
                report.watchMultiple(),
                report.startTime(),
                report.endTime(),
                report.interrupted(),
                targets);
    }
}
