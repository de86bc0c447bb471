package dev.zkload.runner.report;

import dev.zkload.runner.result.RampSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Lays out the report: title, outcome, notes, the run's settings, the tables and their charts. */
final class ReportDocument {
    private ReportDocument() {}

    /** @param charts file names of the charts that were written, e.g. {@code tps-per-step.png} */
    static List<Block> build(RunView folder, Set<String> charts) {
        RunInfo run = folder.run();
        List<Block> blocks = new ArrayList<>();
        blocks.add(new Block.Title("ZooKeeper capacity: " + run.connectString() + ", model "
                + (run.modelName() == null ? "unknown" : run.modelName())));
        blocks.add(new Block.Text(
                orUnknown(run.tool()) + " " + orUnknown(run.version()) + " "
                        + orUnknown(run.command()) + " " + String.join(" ", run.arguments()) + ", started "
                        + orUnknown(run.startTime()) + "; " + folder.steps().size() + " step(s) finished.",
                false));
        blocks.add(new Block.Section("Outcome"));
        blocks.addAll(outcome(folder));
        if (!folder.notes().isEmpty()) {
            blocks.add(new Block.Section("Notes"));
            blocks.add(new Block.Bullets(folder.notes()));
        }
        blocks.add(new Block.Section("Settings"));
        blocks.add(new Block.TableBlock(keyValues("Ramp", run.settings()), 3));
        blocks.add(new Block.TableBlock(keyValues("Target", run.target()), 3));
        if (!run.servers().isEmpty()) {
            blocks.add(new Block.TableBlock(servers(run.servers()), 3));
        }
        blocks.add(new Block.TableBlock(keyValues("Model", run.model()), 3));
        List<Table> tables = ReportTables.all(folder);
        blocks.add(new Block.TableBlock(tables.get(0), 2));
        if (charts.contains(ReportWriter.OUTSTANDING_PNG)) {
            blocks.add(new Block.Image("Leader outstanding requests over time", ReportWriter.OUTSTANDING_PNG));
        }
        blocks.add(new Block.TableBlock(tables.get(1), 2));
        if (charts.contains(ReportWriter.TPS_PNG)) {
            blocks.add(new Block.Image("TPS per operation per step", ReportWriter.TPS_PNG));
        }
        blocks.add(new Block.TableBlock(tables.get(2), 2));
        if (charts.contains(ReportWriter.P99_PNG)) {
            blocks.add(new Block.Image("p99 latency per operation per step", ReportWriter.P99_PNG));
        }
        blocks.add(new Block.TableBlock(tables.get(3), 2));
        blocks.add(new Block.TableBlock(tables.get(4), 2));
        return blocks;
    }

    private static List<Block> outcome(RunView folder) {
        if (folder.summary().isEmpty()) {
            return List.of(new Block.Text(
                    "Incomplete run: there is no summary.json (the run is still going or "
                            + "was killed); the tables show the steps finished so far.",
                    true));
        }
        RampSummary s = folder.summary().get();
        List<Block> blocks = new ArrayList<>();
        if (s.verdict() != null) {
            blocks.add(new Block.Text(s.verdict(), true));
        }
        blocks.add(new Block.Bullets(List.of(
                "Stop reason: "
                        + (s.stopReason() == null
                                ? Numbers.ABSENT
                                : s.stopReason().json()) + (s.message() == null ? "" : " — " + s.message()),
                "Max stable domains: " + (s.maxStableDomains() == null ? "none" : s.maxStableDomains()),
                "Saturated at domains: " + (s.saturatedAtDomains() == null ? "not saturated" : s.saturatedAtDomains()),
                "Saturation observable: " + (s.saturationObservable() ? "yes" : "no"),
                "Load generator the limit at domains: "
                        + (s.generatorBoundAtDomains() == null ? "no" : s.generatorBoundAtDomains()),
                "Interrupted: " + (s.interrupted() ? "yes" : "no"),
                "Ended: " + (s.endTime() == null ? Numbers.ABSENT : s.endTime()))));
        if (!s.qualifications().isEmpty()) {
            blocks.add(new Block.Bullets(s.qualifications()));
        }
        return blocks;
    }

    /** The servers as the preflight found them: version, role, and where their statistics came from. */
    static Table servers(List<Map<String, String>> servers) {
        List<String> header = List.of("Server", "Version", "Mode", "Statistics");
        List<List<String>> rows = servers.stream()
                .map(s -> List.of(
                        s.getOrDefault("server", Numbers.ABSENT),
                        s.getOrDefault("version", Numbers.ABSENT),
                        s.getOrDefault("mode", Numbers.ABSENT),
                        s.getOrDefault("metrics", Numbers.ABSENT)))
                .toList();
        return new Table("Servers", null, header, rows);
    }

    static Table keyValues(String title, Map<String, String> values) {
        List<List<String>> rows = values.entrySet().stream()
                .map(e -> List.of(e.getKey(), e.getValue()))
                .toList();
        return new Table(title, null, List.of("Name", "Value"), rows);
    }

    static String orUnknown(String text) {
        return text == null ? Numbers.ABSENT : text;
    }
}
