package dev.zkload.runner.report;

import dev.zkload.bench.ops.Op;
import dev.zkload.bench.result.TargetResult;
import dev.zkload.runner.result.LevelResult;
import dev.zkload.runner.result.OpLatency;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.RunConditions;
import dev.zkload.runner.result.RunKind;
import dev.zkload.runner.result.RunResults;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepServerData;
import dev.zkload.runner.result.StepVerdict;
import dev.zkload.runner.result.SweepResults;
import dev.zkload.runner.result.SweepSummary;
import dev.zkload.runner.threshold.Catalogs;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run as {@code compare} sees it: its levels in order — a ramp's steps, keyed by domains so that steps
 * of two ramps with the same domains meet; a latency run's targets, keyed by their place; an experiment's
 * levels, keyed by their value ({@code 100000 znodes}) — each with its operations (latencies from the
 * histogram logs where the run kept them) and what the level measured on the servers.
 *
 * @param label  how the comparison names the run (its folder's name)
 * @param info   run.json, as the report shows it
 * @param kind   {@code ramp}, {@code latency}, or the experiment's command: only runs of one kind compare
 * @param levels key ({@code 200 domains}, {@code target 1}, {@code 100000 znodes}) → level
 * @param answer an experiment's answer beside its levels ({@code maxRate}); empty for the others
 * @param conditions a ramp's limit, host noise and baseline write and fsync speed; null for the others
 */
record ComparedRun(
        String label,
        RunInfo info,
        RunKind kind,
        Map<String, Level> levels,
        Map<String, Double> answer,
        RunConditions conditions) {
    /**
     * @param name        the level as the run names it ({@code load-2 (200)}, {@code 127.0.0.1:2181 (leader)},
     *                    {@code 100k})
     * @param ops         operation → its figures
     * @param server      the leader's counters over a ramp step's settled load; null for the others or when none
     *                    answered
     * @param leaderCpu   the leader's CPU over a ramp step's settled load, % of one core ({@link LeaderCpu}); null
     *                    for the others or where none was recorded
     * @param measured    an experiment level's quantities by name ({@code levels.jsonl}'s {@code measured});
     *                    empty for the others
     * @param unjudgeable why the level tells nothing about the ensemble (the runner was the bottleneck, it was
     *                    interrupted), or null
     */
    record Level(
            String name,
            Map<String, OpLatency> ops,
            StepServerData server,
            Double leaderCpu,
            Map<String, Double> measured,
            String unjudgeable) {}

    static ComparedRun of(String label, RunResults results) {
        Map<String, Level> levels = new LinkedHashMap<>();
        if (results.isLatency()) {
            List<TargetResult> targets =
                    results.latency().map(s -> s.latency().targets()).orElse(List.of());
            for (int i = 0; i < targets.size(); i++) {
                TargetResult t = targets.get(i);
                levels.put(
                        "target " + (i + 1),
                        new Level(
                                t.target() + (t.role() == null ? "" : " (" + t.role() + ")"),
                                results.ops(ResultFiles.LATENCY_LOGS, i + 1, t.ops()),
                                null,
                                null,
                                Map.of(),
                                null));
            }
        } else {
            for (StepResult s : results.steps()) {
                levels.put(
                        s.domains() + " domains",
                        new Level(
                                StepLabels.label(s),
                                results.ops(s),
                                s.server(),
                                LeaderCpu.percentOfCore(s),
                                Map.of(),
                                why(s)));
            }
        }
        RunConditions conditions = results.isLatency()
                ? null
                : RunConditions.of(
                        results.summary().orElse(null),
                        results.steps().stream()
                                .filter(s -> s.step() == 0)
                                .findFirst()
                                .orElse(null));
        return new ComparedRun(label, RunInfo.of(results.run()), results.run().kind(), levels, Map.of(), conditions);
    }

    /** An experiment's run: its levels by value, the benchmark's percentiles as its levels recorded them. */
    static ComparedRun of(String label, SweepResults results) {
        RunInfo info = RunInfo.of(results.run());
        String levelName =
                Catalogs.of(results.run().kind(), info.settings().get("swept")).levelName();
        Map<String, Level> levels = new LinkedHashMap<>();
        for (LevelResult l : results.levels()) {
            Map<String, OpLatency> ops = new LinkedHashMap<>();
            l.ops().forEach((op, stats) -> ops.put(op, new OpLatency(op, stats, null)));
            String why = l.interrupted()
                    ? "the level was interrupted"
                    : l.generator() != null && l.generator().bound() ? "the runner was the bottleneck" : null;
            // a search may try one rate twice: the later try is the one its answer rests on
            levels.put(l.value() + " " + levelName, new Level(l.label(), ops, null, null, l.measured(), why));
        }
        return new ComparedRun(
                label,
                info,
                results.run().kind(),
                levels,
                results.summary().map(SweepSummary::answer).orElse(Map.of()),
                null);
    }

    private static String why(StepResult s) {
        if (s.verdict() == StepVerdict.HOST_BUSY) {
            return "this machine was too busy to measure";
        }
        if (s.verdict() == StepVerdict.GENERATOR_BOUND || s.generatorBound()) {
            return "the runner was the bottleneck";
        }
        if (s.verdict() == StepVerdict.INTERRUPTED) {
            return "the step was interrupted";
        }
        if (s.verdict() == StepVerdict.DISTURBED) {
            return "the ensemble was disturbed";
        }
        if (s.verdict() == StepVerdict.SERVER_LIMIT) {
            return "a server refused the step's connections";
        }
        return null;
    }

    boolean latency() {
        return kind == RunKind.LATENCY;
    }

    boolean experiment() {
        return kind.isSweep();
    }

    /** What one of its levels is called: {@code target}, {@code step}, {@code level}. */
    String levelWord() {
        return latency() ? "target" : experiment() ? "level" : "step";
    }

    OpLatency op(String level, Op op) {
        Level l = levels.get(level);
        return l == null ? null : l.ops().get(op.jsonName());
    }
}
