package dev.zkload.runner.engine.ramp;

import dev.zkload.bench.result.LatencyReport;
import dev.zkload.bench.result.OpStats;
import dev.zkload.bench.result.TargetResult;
import dev.zkload.runner.result.Burst;
import dev.zkload.runner.result.DeliveredWork;
import dev.zkload.runner.result.EnsembleEvents;
import dev.zkload.runner.result.LeaderStages;
import dev.zkload.runner.result.MetricsCoverage;
import dev.zkload.runner.result.Saturation;
import dev.zkload.runner.result.StepFleetData;
import dev.zkload.runner.result.StepResources;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepServerData;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Composes a step's line of {@code steps.jsonl} from what the step gathered, as values: when its saturation counts
 * (the detector's finding before a shortfall, and neither where the leader went unheard), when the runner's limit
 * does, and the benchmark's figures. {@link StepRecorder} reads the values from the live run, and leaves out what a
 * step of its kind does not have; nothing here reads a clock, a server or the fleet.
 */
final class StepAssembler {
    private StepAssembler() {}

    /**
     * What the live run gave for one step, besides what the ramp {@linkplain StepMeasurement measured}.
     *
     * @param executors the simulated executors after the step (this process's)
     * @param fleet     the fleet's events during the step; null at the baseline
     * @param burst     the leader's queue while the domains registered; null at the baseline
     * @param found     the saturation the detector found over the settled load; null when none, or when no load settled
     * @param shortfall the work-short saturation of the settled load (fires due but not delivered); null when none
     * @param resources what the machine and servers used over the settled load; null when no load settled
     * @param stages    the leader's pipeline over the settled load; null when no load settled or not observed
     * @param delivered the job fires due and delivered over the settled load; null at the baseline or when none settled
     */
    record Gathered(
            long executors,
            long jobs,
            long sessions,
            StepFleetData fleet,
            MetricsCoverage coverage,
            Burst burst,
            EnsembleEvents events,
            Saturation found,
            Saturation shortfall,
            StepServerData server,
            StepResources resources,
            LeaderStages stages,
            DeliveredWork delivered) {}

    /**
     * The step's result, its verdict still to be given.
     *
     * @param shardDomains the domains up on this shard; null when the process runs alone
     * @param refinement   the step is one of the refinement's bisection
     */
    static StepResult assemble(
            RampPlan plan,
            int step,
            Instant start,
            Instant end,
            StepMeasurement m,
            Gathered g,
            Integer shardDomains,
            double leaderlessSec,
            boolean refinement) {
        LatencyReport report = m.run() == null ? null : m.run().report();
        Map<String, OpStats> ops = report == null || report.targets().isEmpty()
                ? Map.of()
                : report.targets().get(0).ops();
        // the leader's statistics read through the settled load: only then does its saturation mean something
        boolean observable = plan.serverMetrics() && g.coverage().leaderObserved();
        Saturation saturation = !observable ? null : g.found() != null ? g.found() : g.shortfall();
        return new StepResult(
                step,
                m.domains(),
                new StepResult.Held(g.executors(), g.jobs(), g.sessions(), shardDomains),
                new StepResult.Time(start, end, m.phases()),
                new StepResult.Judgement(
                        null,
                        saturation != null,
                        saturation,
                        observable,
                        // the baseline holds no load for the runner to be the limit of
                        step > 0 && m.health().bound()),
                new StepResult.Runner(m.health(), m.duringAdd()),
                new StepResult.Servers(g.server(), g.burst(), g.coverage(), m.footprint()),
                new StepResult.Bench(ops, plan.benchTarget() == RampPlan.BenchTarget.EACH ? byTarget(report) : null),
                g.fleet(),
                new StepResult.Events(errorRate(report), leaderlessSec, g.events()),
                refinement,
                new StepResult.Usage(g.resources(), g.stages(), g.delivered(), m.hostDuringAdd()));
    }

    /** Every target's operations, by host:port. */
    private static Map<String, Map<String, OpStats>> byTarget(LatencyReport report) {
        Map<String, Map<String, OpStats>> byTarget = new LinkedHashMap<>();
        if (report != null) {
            report.targets().forEach(t -> byTarget.put(t.target(), t.ops()));
        }
        return byTarget;
    }

    /** Failed benchmark calls over all calls, on every target; 0 when none ran. */
    private static double errorRate(LatencyReport report) {
        long calls = 0;
        long errors = 0;
        if (report != null) {
            for (TargetResult t : report.targets()) {
                for (OpStats o : t.ops().values()) {
                    calls += o.count();
                    errors += o.errors();
                }
            }
        }
        return calls == 0 ? 0 : (double) errors / calls;
    }
}
