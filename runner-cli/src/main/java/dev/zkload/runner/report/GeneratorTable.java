package dev.zkload.runner.report;

import dev.zkload.runner.result.GeneratorHealth;
import dev.zkload.runner.result.StepPhases;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The table that says, per step, whether the limit found was the ensemble's or the runner's: the
 * phases' lengths, the registration burst, the runner's CPU against its share, its job-fire and
 * sampler lateness and GC pauses, and the embedded servers' CPU beside it (who had the cores).
 */
final class GeneratorTable {
    private GeneratorTable() {}

    static Table of(List<StepResult> steps) {
        List<String> header = List.of(
                "Step",
                "Add (s)",
                "Settle (s)",
                "Measure (s)",
                "Burst outstanding max",
                "Runner CPU (% of share)",
                "Cores",
                "Fire lag p99 (ms)",
                "Fire lag max (ms)",
                "Sampler lag max (ms)",
                "GC max (ms)",
                "Servers CPU (% of a core)",
                "Generator-bound");
        List<List<String>> rows = new ArrayList<>();
        for (StepResult s : steps) {
            StepPhases p = s.phases();
            GeneratorHealth g = s.generator();
            rows.add(List.of(
                    StepLabels.label(s),
                    p == null ? Numbers.ABSENT : Numbers.decimal(p.addSec(), 1),
                    p == null ? Numbers.ABSENT : Numbers.decimal(p.settleSec(), 1),
                    p == null ? Numbers.ABSENT : Numbers.decimal(p.measureSec(), 1),
                    s.burst() == null
                            ? Numbers.ABSENT
                            : Numbers.integer(s.burst().outstandingMax()),
                    g == null ? Numbers.ABSENT : Numbers.decimal(g.cpuPercentOfShare(), 0),
                    g == null ? Numbers.ABSENT : Numbers.decimal(g.shareCores(), 2),
                    g == null || g.fireLag() == null
                            ? Numbers.ABSENT
                            : Numbers.decimal(g.fireLag().p99Ms(), 1),
                    g == null || g.fireLag() == null
                            ? Numbers.ABSENT
                            : Numbers.decimal(g.fireLag().maxMs(), 1),
                    g == null || g.samplerLag() == null
                            ? Numbers.ABSENT
                            : Numbers.decimal(g.samplerLag().maxMs(), 1),
                    g == null ? Numbers.ABSENT : Numbers.integer(g.gcPauseMaxMs()),
                    g == null ? Numbers.ABSENT : servers(g.serversCpuPercent()),
                    g == null ? Numbers.ABSENT : bound(s, g)));
        }
        return new Table(
                "Load generator health and phases per step",
                "How long each phase took, the leader's queue while the step's domains registered (recorded, not judged),"
                        + " and the runner's own health over the settled load: a step in which the runner was the"
                        + " bottleneck is never counted as the ensemble's limit.",
                header,
                rows);
    }

    /** Whether the runner was the bottleneck, or only late on a machine others kept busy. */
    private static String bound(StepResult s, GeneratorHealth g) {
        if (!s.generatorBound()) {
            return "no";
        }
        return (s.verdict() == StepVerdict.HOST_BUSY ? "late on a machine too busy: " : "yes: ")
                + String.join("; ", g.reasons());
    }

    private static String servers(Map<String, Double> cpu) {
        if (cpu == null || cpu.isEmpty()) {
            return Numbers.ABSENT;
        }
        List<String> parts = new ArrayList<>();
        cpu.values().forEach(v -> parts.add(Numbers.decimal(v, 0)));
        return String.join(" / ", parts);
    }
}
