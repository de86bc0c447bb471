package dev.zkload.runner.report;

import java.util.ArrayList;
import java.util.List;

/** Lays out compare.md: the runs, the settings that differ, the gate, then the figures and the charts. */
final class CompareDocument {
    private CompareDocument() {}

    static List<Block> build(
            List<ComparedRun> runs, List<String> levels, List<String> charts, RegressionGate.Outcome gate) {
        List<Block> blocks = new ArrayList<>();
        blocks.add(new Block.Title("zkload comparison: "
                + String.join(" vs ", runs.stream().map(ComparedRun::label).toList())));
        List<String> described = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            ComparedRun r = runs.get(i);
            // not the command line: it holds the machine's paths (--out), and the settings table says what differs
            described.add(r.label() + (i == 0 ? " (the baseline)" : "") + ": " + r.kind()
                    + " run, zkload "
                    + (r.info().version() == null ? Numbers.ABSENT : r.info().version())
                    + ", started "
                    + (r.info().startTime() == null ? Numbers.ABSENT : r.info().startTime()) + ", "
                    + r.levels().size() + " " + r.levelWord() + "(s)");
        }
        blocks.add(new Block.Bullets(described));
        blocks.add(new Block.TableBlock(CompareTables.settingsThatDiffer(runs), 2));
        if (gate != null) {
            blocks.addAll(gate(gate));
        }
        List<String> unjudgeable = unjudgeable(runs, levels);
        if (!unjudgeable.isEmpty()) {
            blocks.add(new Block.Text(
                    "These steps or levels say nothing about the ensemble, so their figures must not be compared:",
                    true));
            blocks.add(new Block.Bullets(unjudgeable));
        }
        List<String> unmatched = CompareTables.unmatched(runs);
        if (!unmatched.isEmpty()) {
            blocks.add(new Block.Text(
                    "Not in every run, so not side by side: " + String.join(", ", unmatched) + ".", false));
        }
        ComparedRun base = runs.get(0);
        if (runs.stream().anyMatch(r -> !r.answer().isEmpty())) {
            blocks.add(new Block.TableBlock(CompareTables.answers(runs), 2));
        }
        for (OpMetric metric : OpMetric.ALL) {
            blocks.add(new Block.TableBlock(CompareTables.perOp(metric, runs, levels), 2));
        }
        if (base.experiment()) {
            blocks.add(new Block.TableBlock(CompareTables.measured(runs, levels), 2));
        } else if (!base.latency()) {
            blocks.add(new Block.TableBlock(CompareTables.conditions(runs), 2));
            blocks.add(new Block.TableBlock(CompareTables.servers(runs, levels), 2));
        }
        if (!charts.isEmpty()) {
            blocks.add(new Block.Section("Charts"));
            charts.forEach(c -> blocks.add(new Block.Image(c.replace(".png", "").replace('-', ' '), c)));
        }
        return blocks;
    }

    /** One line per matched level at which some run's runner was the bottleneck or was interrupted. */
    private static List<String> unjudgeable(List<ComparedRun> runs, List<String> levels) {
        List<String> lines = new ArrayList<>();
        for (String level : levels) {
            List<String> why = new ArrayList<>();
            for (ComparedRun r : runs) {
                String reason = r.levels().get(level).unjudgeable();
                if (reason != null) {
                    why.add(r.label() + ": " + reason);
                }
            }
            if (!why.isEmpty()) {
                lines.add(level + " — " + String.join("; ", why));
            }
        }
        return lines;
    }

    private static List<Block> gate(RegressionGate.Outcome gate) {
        List<Block> blocks = new ArrayList<>();
        blocks.add(new Block.Section("Regression gate"));
        String limit = Numbers.decimal(gate.maxRegression() * 100, 1) + "%";
        blocks.add(
                gate.passed()
                        ? new Block.Answer(
                                "Passed:",
                                "no run is more than " + limit + " worse than the baseline on TPS or p99 of any"
                                        + " operation at any step or level they share (max-rate: on the highest rate"
                                        + " that held).")
                        : new Block.Text(
                                "Failed (exit code 3): " + gate.regressions().size() + " figure(s) more than " + limit
                                        + " worse than the baseline, "
                                        + gate.notCompared().size()
                                        + " not compared (which fails the gate too).",
                                true));
        if (!gate.regressions().isEmpty()) {
            blocks.add(new Block.Bullets(
                    gate.regressions().stream().map(Regression::text).toList()));
        }
        if (!gate.notCompared().isEmpty()) {
            blocks.add(new Block.Bullets(
                    gate.notCompared().stream().map(n -> "Not compared: " + n).toList()));
        }
        return blocks;
    }
}
