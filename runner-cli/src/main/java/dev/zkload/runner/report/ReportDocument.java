package dev.zkload.runner.report;

import dev.zkload.runner.result.Election;
import dev.zkload.runner.result.RampSummary;
import dev.zkload.runner.result.RefinementSummary;
import dev.zkload.runner.result.StopReason;
import dev.zkload.runner.result.ThresholdResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Lays out the report: title, outcome (with the thresholds), notes, the run's settings in one table, the
 * tables and their charts.
 */
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
        blocks.add(new Block.TableBlock(settings(run, "ramp"), 3));
        if (!run.servers().isEmpty()) {
            blocks.add(new Block.TableBlock(servers(run.servers(), Election.of(folder.steps())), 3));
        }
        List<Table> tables = ReportTables.all(folder);
        blocks.add(new Block.TableBlock(tables.get(0), 2));
        if (charts.contains(ReportWriter.OUTSTANDING_PNG)) {
            blocks.add(new Block.Image("Leader outstanding requests over time", ReportWriter.OUTSTANDING_PNG));
        }
        blocks.add(new Block.TableBlock(tables.get(1), 2));
        if (charts.contains(ReportWriter.TPS_PNG)) {
            blocks.add(new Block.Image("TPS per operation per step", ReportWriter.TPS_PNG));
        }
        List<Table> latencies = ReportTables.latencies(folder);
        // the p99 chart goes under the p99 table, or after the last latency table when p99 was not asked for
        boolean p99Shown = !charts.contains(ReportWriter.P99_PNG);
        for (int i = 0; i < latencies.size(); i++) {
            Table t = latencies.get(i);
            blocks.add(new Block.TableBlock(t, 2));
            if (!p99Shown && (t.title().startsWith("p99 ") || i == latencies.size() - 1)) {
                blocks.add(new Block.Image("p99 latency per operation per step", ReportWriter.P99_PNG));
                p99Shown = true;
            }
        }
        blocks.add(new Block.TableBlock(tables.get(2), 2));
        blocks.add(new Block.TableBlock(tables.get(3), 2));
        if (ResourceTables.any(folder.steps())) {
            blocks.add(new Block.TableBlock(ResourceTables.resources(folder.steps()), 2));
        }
        if (ResourceTables.anyStages(folder.steps())) {
            blocks.add(new Block.TableBlock(ResourceTables.stages(folder.steps()), 2));
            if (charts.contains(StageChart.PNG)) {
                blocks.add(new Block.Image("A request's time at the leader per step", StageChart.PNG));
            }
        }
        if (folder.steps().stream().anyMatch(s -> s.fleet() != null)) {
            blocks.add(new Block.TableBlock(StepDetailTables.sessions(folder.steps()), 2));
        }
        if (!folder.samples().isEmpty()) {
            blocks.add(new Block.TableBlock(StepDetailTables.servers(folder.steps(), folder.samples()), 2));
        }
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
            blocks.add(goodNews(s) ? new Block.Answer("Verdict:", s.verdict()) : new Block.Text(s.verdict(), true));
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
                "Limited by: " + limitedBy(s),
                "Interrupted: " + (s.interrupted() ? "yes" : "no"),
                "Ended: " + (s.endTime() == null ? Numbers.ABSENT : s.endTime()))));
        if (!s.elections().isEmpty()) {
            blocks.add(new Block.Text(
                    "Elections: "
                            + String.join(
                                    "; ",
                                    s.elections().stream().map(Election::text).toList()) + ".",
                    false));
        }
        if (s.refinement() != null) {
            blocks.add(new Block.Text(refinement(s.refinement()), false));
        }
        if (!s.qualifications().isEmpty()) {
            blocks.add(new Block.Bullets(s.qualifications()));
        }
        if (!s.thresholds().isEmpty()) {
            blocks.add(new Block.TableBlock(thresholds(s.thresholds()), 3));
        }
        return blocks;
    }

    /** The resource the summary names, e.g. {@code leader-cpu (127.0.0.1:2182) at 150 domains}. */
    private static String limitedBy(RampSummary s) {
        if (s.limitedBy() == null) {
            return "not named (no saturation)";
        }
        return s.limitedBy().resource().json()
                + (s.limitedBy().server() == null ? "" : " (" + s.limitedBy().server() + ")")
                + " at " + s.limitedBy().domains() + " domains";
    }

    /**
     * A capacity found (saturation observed, or every domain carried under observation) is the answer the
     * run was for, not a warning; every other end is one.
     */
    static boolean goodNews(RampSummary s) {
        return s.stopReason() == StopReason.SATURATED
                || (s.stopReason() == StopReason.TARGET_REACHED && s.saturationObservable());
    }

    /** The bisection after the grid, in one sentence: where it began, the counts it judged, how far it got. */
    static String refinement(RefinementSummary r) {
        String from = r.gridMaxStable() == 0
                ? "from 0 to the grid's first step, " + r.gridSaturatedAt() + ", saturated"
                : "from the grid's " + r.gridMaxStable() + " stable and " + r.gridSaturatedAt() + " saturated";
        return "Refinement (--resolution " + r.resolution() + ", " + r.widthDomains() + " domains): " + from
                + ", steps at "
                + (r.visited().isEmpty()
                        ? "none"
                        : String.join(
                                ", ", r.visited().stream().map(String::valueOf).toList()))
                + (r.complete() ? "; narrowed to the resolution." : "; stopped early: " + r.endedBy() + ".");
    }

    /** Each {@code --threshold} as the run judged it; not observed counts as failed. */
    static Table thresholds(List<ThresholdResult> results) {
        List<List<String>> rows = results.stream()
                .map(r -> List.of(r.threshold(), r.status().json(), r.detail()))
                .toList();
        long failed = results.stream().filter(r -> !r.passed()).count();
        return new Table(
                "Thresholds",
                failed == 0
                        ? "Every threshold passed."
                        : failed + " of " + results.size() + " did not pass (a threshold not observed — a step or level"
                                + " where the runner was the bottleneck or the servers gave no statistics — counts"
                                + " as failed): the run ended with exit code 3.",
                List.of("Threshold", "Result", "Measured"),
                rows);
    }

    /** The servers as the preflight found them: version, role, and where their statistics came from. */
    static Table servers(List<Map<String, String>> servers) {
        return servers(servers, List.of());
    }

    /**
     * The servers as the preflight found them, their role changed by the run's last election: the leader
     * a fault took away, and the one that led after it.
     */
    static Table servers(List<Map<String, String>> servers, List<Election> elections) {
        Optional<Election> last =
                elections.stream().filter(e -> e.leaderChanges() > 0).reduce((a, b) -> b);
        List<String> header = List.of("Server", "Version", "Mode", "Statistics", "maxClientCnxns");
        List<List<String>> rows = servers.stream()
                .map(s -> List.of(
                        s.getOrDefault("server", Numbers.ABSENT),
                        s.getOrDefault("version", Numbers.ABSENT),
                        mode(s.getOrDefault("mode", Numbers.ABSENT), s.get("server"), last)
                                + (s.containsKey("added") ? " (added: not in --connect)" : ""),
                        s.getOrDefault("metrics", Numbers.ABSENT),
                        s.getOrDefault("maxClientCnxns", Numbers.ABSENT)))
                .toList();
        boolean added = servers.stream().anyMatch(s -> s.containsKey("added"));
        return new Table(
                "Servers",
                added
                        ? "Added: a server --connect does not name (the leader it left out, found in the ensemble's"
                                + " membership), read for its statistics, its resources and the benchmark, and never"
                                + " given the simulated sessions."
                        : null,
                header,
                rows);
    }

    /** "leader", or after an election "leader until step 2's election", "follower; leader after step 2's election". */
    private static String mode(String atStart, String server, Optional<Election> last) {
        if (last.isEmpty() || server == null) {
            return atStart;
        }
        String election = "step " + last.get().step() + "'s election";
        boolean leadsAfter = server.equals(last.get().leader());
        boolean ledBefore = atStart.equals("leader");
        if (ledBefore) {
            return leadsAfter ? "leader, again after " + election : "leader until " + election;
        }
        return leadsAfter ? atStart + "; leader after " + election : atStart;
    }

    /** The command's, the target's and the model's settings in one table, each name under its group. */
    static Table settings(RunInfo run, String group) {
        List<List<String>> rows = new ArrayList<>();
        addAll(rows, group, run.settings());
        addAll(rows, "target", run.target());
        addAll(rows, "model", run.model());
        return new Table("Run settings", null, List.of("Setting", "Value"), rows);
    }

    private static void addAll(List<List<String>> rows, String group, Map<String, String> values) {
        values.forEach((k, v) -> rows.add(List.of(group + "." + k, v)));
    }

    static String orUnknown(String text) {
        return text == null ? Numbers.ABSENT : text;
    }
}
