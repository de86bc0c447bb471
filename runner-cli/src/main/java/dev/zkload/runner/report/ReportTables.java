package dev.zkload.runner.report;

import dev.zkload.bench.ops.Op;
import dev.zkload.runner.result.MeasuredFootprint;
import dev.zkload.runner.result.OpLatency;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepServerData;
import dev.zkload.sim.Footprint;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The report's tables, laid out like the 2017 Saturn report: server data with one row per step, and
 * per-operation tables with one row per operation and one column per step in ramp order.
 */
final class ReportTables {
    /** Measured footprints further than this from the model's expectation are flagged, in percent. */
    static final double FLAG_PERCENT = 10.0;

    static final String FLAG = "⚠";

    private ReportTables() {}

    static List<Table> all(RunView folder) {
        List<Table> tables = new ArrayList<>();
        tables.add(serverData(folder.steps()));
        tables.add(perOp(
                "TPS per operation per step",
                "Operations per second of the seven-op benchmark; columns are steps (domains) in ramp order.",
                folder,
                r -> Numbers.decimal(r.opsPerSec(), 0)));
        tables.add(footprint(folder.run().expectedPerDomain(), folder.steps()));
        tables.add(GeneratorTable.of(folder.steps()));
        return tables;
    }

    /**
     * The latency tables: one per percentile asked for, then the largest latency and the count, each
     * computed from the histogram logs (the figures steps.jsonl recorded where a log is missing).
     */
    static List<Table> latencies(RunView folder) {
        String source = folder.percentilesFromLogs()
                ? "computed from the HdrHistogram logs"
                : "from the HdrHistogram logs where a step has one, else as steps.jsonl recorded them (n/a for a"
                        + " percentile it did not record)";
        List<Table> tables = new ArrayList<>();
        for (double p : folder.percentiles()) {
            String name = "p" + Numbers.decimal(p, 3);
            tables.add(perOp(
                    name + " latency per operation per step (ms)",
                    name + " latency in milliseconds, " + source + "; columns are steps (domains) in ramp order.",
                    folder,
                    r -> Numbers.decimal(r.percentileMs(p), 2)));
        }
        tables.add(perOp(
                "Largest latency per operation per step (ms)",
                "The slowest call in milliseconds, " + source + ".",
                folder,
                r -> Numbers.decimal(r.maxMs(), 2)));
        tables.add(perOp(
                "Calls and errors per operation per step",
                "Calls measured, and the failed ones among them (as steps.jsonl recorded them by error code).",
                folder,
                r -> Long.toString(r.count()) + (r.errors() == 0 ? "" : " (" + r.errors() + " failed)")));
        return tables;
    }

    static Table serverData(List<StepResult> steps) {
        List<String> header = List.of(
                "Step",
                "Domains",
                "Znodes",
                "Watches",
                "Connections",
                "Outstanding avg",
                "Outstanding max",
                "Avg latency since start (ms)",
                "Max latency (ms)",
                "Leader CPU (%)",
                "Leader RSS (GiB)",
                "Data size (MiB)",
                "Verdict");
        List<List<String>> rows = new ArrayList<>();
        for (StepResult step : steps) {
            String verdict =
                    step.verdict() != null ? step.verdict().json() : step.saturated() ? "saturated" : Numbers.ABSENT;
            StepServerData s = step.server();
            List<String> row = new ArrayList<>(List.of(StepLabels.id(step), Integer.toString(step.domains())));
            if (s == null) {
                // no leader answered the whole step: every counter unknown, the verdict says why
                header.subList(2, header.size() - 1).forEach(h -> row.add(Numbers.ABSENT));
            } else {
                row.addAll(List.of(
                        Numbers.integer(s.znodes()),
                        Numbers.integer(s.watches()),
                        Numbers.integer(s.connections()),
                        Numbers.decimal(s.outstandingAvg(), 1),
                        Numbers.integer(s.outstandingMax()),
                        Numbers.decimal(s.avgLatencyMs(), 2),
                        maxLatency(s),
                        Numbers.decimal(LeaderCpu.percentOfCore(step), 1),
                        Numbers.gib(s.rssBytes()),
                        Numbers.mib(s.approximateDataSize())));
            }
            row.add(verdict);
            rows.add(row);
        }
        return new Table(
                "Server data per step",
                "The leader's counters at the end of each step, its outstanding requests over the step's settled load; CPU"
                        + " is percent of one core, " + LeaderCpu.ABSENT_NOTE + "; RSS n/a where the servers are not"
                        + " embedded. ZooKeeper keeps its latencies since"
                        + " the server started: the average is that, and the largest is the step's own where it rose"
                        + " during the step's settled load, or \"≤\" the server's largest so far where it did not (the"
                        + " step's own is not known then). The verdict: stable, saturated, generator-bound (the runner"
                        + " was the bottleneck), host-busy (this machine too busy to measure), disturbed (an ensemble"
                        + " event), unobservable (no server statistics) or errors.",
                header,
                rows);
    }

    /** The step's largest latency where it is known to be the step's, else the bound the server's lifetime gives. */
    static String maxLatency(StepServerData s) {
        String value = Numbers.decimal(s.maxLatencyMs(), 2);
        return Boolean.FALSE.equals(s.maxLatencyInStep()) && !value.equals(Numbers.ABSENT) ? "≤ " + value : value;
    }

    static Table perOp(String title, String caption, RunView folder, Function<OpLatency, String> value) {
        List<StepResult> steps = folder.steps();
        List<String> header = new ArrayList<>();
        header.add("Operation");
        steps.forEach(s -> header.add(StepLabels.label(s)));
        List<List<String>> rows = new ArrayList<>();
        for (Op op : Op.values()) {
            List<String> row = new ArrayList<>();
            row.add(op.jsonName());
            steps.forEach(s -> row.add(folder.op(s, op).map(value).orElse(Numbers.ABSENT)));
            rows.add(row);
        }
        return new Table(title, caption, header, rows);
    }

    static Table footprint(Footprint expected, List<StepResult> steps) {
        List<StepResult> measured =
                steps.stream().filter(s -> s.footprintPerDomain() != null).toList();
        List<String> header = new ArrayList<>(List.of("Per domain", "Model"));
        measured.forEach(s -> header.add(StepLabels.label(s)));
        List<List<String>> rows = new ArrayList<>();
        for (FootprintMetric metric : FootprintMetric.values()) {
            boolean anyMeasured = measured.stream().anyMatch(s -> metric.measured(s.footprintPerDomain()) != null);
            if (!metric.always && !anyMeasured) {
                continue;
            }
            Double model = expected == null ? null : metric.model(expected);
            List<String> row = new ArrayList<>(List.of(metric.label, Numbers.decimal(model, metric.decimals)));
            for (StepResult s : measured) {
                row.add(measuredCell(metric.measured(s.footprintPerDomain()), model, metric.decimals));
            }
            rows.add(row);
        }
        return new Table(
                "Footprint per domain, measured vs model",
                "Measured per domain at each step beside the model's expectation; " + FLAG + " marks a deviation above "
                        + Numbers.decimal(FLAG_PERCENT, 0) + "%. On znodes, watches, ephemerals or sessions it means"
                        + " domains that are not whole: sessions not connected, leaders missing after an outage, a"
                        + " registration cut short. On writes per second it means little by itself: Saturn shards a"
                        + " job at its first fire and writes its statistics every 5 minutes, so a step of a few"
                        + " minutes reads 20-50% under the model's long-run rate on an idle ensemble; whether the"
                        + " domains' work was done is the Fires delivered column of Resources per step.",
                header,
                rows);
    }

    static String measuredCell(Double measured, Double model, int decimals) {
        if (measured == null) {
            return Numbers.ABSENT;
        }
        String text = Numbers.decimal(measured, decimals);
        if (model == null || model == 0.0) {
            return text;
        }
        double deviation = (measured - model) / model * 100.0;
        String percent = String.format(Locale.ROOT, "%+.1f%%", deviation);
        return text + " (" + percent + (Math.abs(deviation) > FLAG_PERCENT ? " " + FLAG : "") + ")";
    }

    private enum FootprintMetric {
        ZNODES("znodes", 1, true),
        WATCHES("watches", 1, true),
        EPHEMERALS("ephemerals", 1, true),
        SESSIONS("sessions", 1, true),
        WRITES("writes/s", 2, true),
        READS("reads/s", 2, false);

        final String label;
        final int decimals;
        final boolean always;

        FootprintMetric(String label, int decimals, boolean always) {
            this.label = label;
            this.decimals = decimals;
            this.always = always;
        }

        /** The figure as a step measured it; null where not observed. */
        Double measured(MeasuredFootprint f) {
            return pick(f.znodes(), f.watches(), f.ephemerals(), f.sessions(), f.writesPerSec(), f.readsPerSec());
        }

        /** The figure as the model expects it. */
        double model(Footprint f) {
            return pick(f.znodes(), f.watches(), f.ephemerals(), f.sessions(), f.writesPerSec(), f.readsPerSec());
        }

        private <T> T pick(T znodes, T watches, T ephemerals, T sessions, T writes, T reads) {
            return switch (this) {
                case ZNODES -> znodes;
                case WATCHES -> watches;
                case EPHEMERALS -> ephemerals;
                case SESSIONS -> sessions;
                case WRITES -> writes;
                case READS -> reads;
            };
        }
    }
}
