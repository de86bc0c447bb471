package dev.zkload.runner.report;

import dev.zkload.bench.ops.Op;
import dev.zkload.bench.result.TargetResult;
import dev.zkload.runner.result.OpLatency;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.RunResults;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepServerData;
import dev.zkload.runner.result.StepVerdict;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run as {@code compare} sees it: its levels in order — a ramp's steps, keyed by domains so that steps
 * of two ramps with the same domains meet; a latency run's targets, keyed by their place — each with its
 * operations (latencies from the histogram logs) and, for a ramp, the leader's counters.
 *
 * @param label  how the comparison names the run (its folder's name)
 * @param info   run.json, as the report shows it
 * @param levels key ({@code 200 domains}, {@code target 1}) → level
 */
record ComparedRun(String label, RunInfo info, boolean latency, Map<String, Level> levels) {

    /**
     * @param name       the level as the run names it ({@code load-2 (200)}, {@code 127.0.0.1:2181 (leader)})
     * @param ops        operation → its figures
     * @param server     the leader's counters over the settled load; null for latency runs or when none answered
     * @param unjudgeable why the level tells nothing about the ensemble (the runner was the bottleneck, it was
     *                    interrupted), or null
     */
    record Level(String name, Map<String, OpLatency> ops, StepServerData server, String unjudgeable) {}

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
                                null));
            }
        } else {
            for (StepResult s : results.steps()) {
                levels.put(
                        s.domains() + " domains", new Level(StepLabels.label(s), results.ops(s), s.server(), why(s)));
            }
        }
        return new ComparedRun(label, RunInfo.of(results.run()), results.isLatency(), levels);
    }

    private static String why(StepResult s) {
        if (s.verdict() == StepVerdict.GENERATOR_BOUND || s.generatorBound()) {
            return "the runner was the bottleneck";
        }
        if (s.verdict() == StepVerdict.INTERRUPTED) {
            return "the step was interrupted";
        }
        return null;
    }

    OpLatency op(String level, Op op) {
        Level l = levels.get(level);
        return l == null ? null : l.ops().get(op.jsonName());
    }
}
