package dev.zkload.runner.threshold;

import dev.zkload.bench.result.LatencyReport;
import dev.zkload.bench.result.TargetResult;
import dev.zkload.runner.result.OpLatency;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.RunHistograms;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code latency}'s answers: each target measured (one, or every server with {@code --per-server}) is a
 * level, and every operation the threshold names must pass on each. An operation the run did not
 * measure (Ctrl-C ended it first) is not observed.
 */
public final class LatencyMeasurements implements Measurements {
    private final LatencyReport report;
    private final RunHistograms histograms;

    /** @param histograms the run's histogram logs, which give every percentile */
    public LatencyMeasurements(LatencyReport report, RunHistograms histograms) {
        this.report = report;
        this.histograms = histograms;
    }

    @Override
    public List<Measurement> of(Threshold t) {
        List<Measurement> out = new ArrayList<>();
        List<TargetResult> targets = report.targets();
        for (int i = 0; i < targets.size(); i++) {
            TargetResult target = targets.get(i);
            Map<String, OpLatency> ops = histograms.ops(ResultFiles.LATENCY_LOGS, i + 1, target.ops());
            String where = target.target() + (target.role() == null ? "" : " (" + target.role() + ")");
            out.addAll(OpValues.perOp(ops, t, where, report.interrupted() ? " (the run was interrupted)" : ""));
        }
        return out;
    }
}
