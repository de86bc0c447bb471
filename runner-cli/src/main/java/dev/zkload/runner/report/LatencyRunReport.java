package dev.zkload.runner.report;

import dev.zkload.bench.ops.Op;
import dev.zkload.bench.result.LatencyReport;
import dev.zkload.bench.result.TargetResult;
import dev.zkload.runner.result.LatencySummary;
import dev.zkload.runner.result.OpLatency;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.RunResults;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The report of a {@code latency} run, made from its folder alone: the outcome with the thresholds, the
 * settings, and for every target measured one table of the seven operations — calls, errors, rate and the
 * percentiles asked for, computed from the HdrHistogram logs. A latency run has no steps, domains or
 * capacity, so its report has none either.
 */
final class LatencyRunReport {
    private LatencyRunReport() {}

    static ReportFiles write(RunResults results, List<Double> percentiles) throws IOException {
        RunInfo run = RunInfo.of(results.run());
        List<Block> blocks = new ArrayList<>();
        blocks.add(new Block.Title("ZooKeeper latency: " + run.connectString()));
        blocks.add(new Block.Text(
                "How long does each ZooKeeper operation take? " + ReportDocument.orUnknown(run.tool()) + " "
                        + ReportDocument.orUnknown(run.version()) + ": " + String.join(" ", run.arguments())
                        + ", started " + ReportDocument.orUnknown(run.startTime()) + ".",
                false));
        blocks.add(new Block.Section("Outcome"));
        blocks.addAll(outcome(results.latency().orElse(null)));
        if (!results.notes().isEmpty()) {
            blocks.add(new Block.Section("Notes"));
            blocks.add(new Block.Bullets(results.notes()));
        }
        blocks.add(new Block.Section("Settings"));
        blocks.add(new Block.TableBlock(ReportDocument.settings(run, "latency"), 3));
        if (!run.servers().isEmpty()) {
            blocks.add(new Block.TableBlock(ReportDocument.servers(run.servers()), 3));
        }
        List<TargetResult> targets =
                results.latency().map(s -> s.latency().targets()).orElse(List.of());
        for (int i = 0; i < targets.size(); i++) {
            TargetResult t = targets.get(i);
            Map<String, OpLatency> ops = results.ops(ResultFiles.LATENCY_LOGS, i + 1, t.ops());
            blocks.add(new Block.TableBlock(
                    target(t.target() + (t.role() == null ? "" : " (" + t.role() + ")"), ops, percentiles), 2));
        }
        return ReportWriter.render(results.dir(), blocks, List.of());
    }

    private static List<Block> outcome(LatencySummary summary) {
        if (summary == null) {
            return List.of(new Block.Text(
                    "Incomplete run: there is no summary.json (the run is still going or was killed).", true));
        }
        LatencyReport report = summary.latency();
        List<Block> blocks = new ArrayList<>();
        blocks.add(new Block.Text(
                report.targets().size() + " target(s) measured in " + report.mode() + " mode over "
                        + report.znodeCount() + " znodes of " + report.znodeSize() + " bytes"
                        + (report.interrupted() ? "; interrupted by Ctrl-C: an operation not measured is n/a." : "."),
                report.interrupted()));
        if (!summary.thresholds().isEmpty()) {
            blocks.add(new Block.TableBlock(ReportDocument.thresholds(summary.thresholds()), 3));
        }
        return blocks;
    }

    /** One target's operations: calls, errors, rate, then each percentile and the largest latency. */
    private static Table target(String name, Map<String, OpLatency> ops, List<Double> percentiles) {
        List<String> header = new ArrayList<>(List.of("Operation", "Calls", "Errors", "Ops/s"));
        percentiles.forEach(p -> header.add("p" + Numbers.decimal(p, 3) + " (ms)"));
        header.add("max (ms)");
        List<List<String>> rows = new ArrayList<>();
        for (Op op : Op.values()) {
            OpLatency o = ops.get(op.jsonName());
            List<String> row = new ArrayList<>(List.of(op.jsonName()));
            if (o == null || o.count() == 0) {
                header.subList(1, header.size()).forEach(h -> row.add(Numbers.ABSENT));
            } else {
                row.add(Long.toString(o.count()));
                row.add(Long.toString(o.errors()));
                row.add(Numbers.decimal(o.opsPerSec(), 0));
                percentiles.forEach(p -> row.add(Numbers.decimal(o.percentileMs(p), 3)));
                row.add(Numbers.decimal(o.maxMs(), 3));
            }
            rows.add(row);
        }
        return new Table(
                name,
                "Latencies in milliseconds, computed from the HdrHistogram logs (as latency.json recorded them where a"
                        + " log is missing); n/a: not measured.",
                header,
                rows);
    }
}
