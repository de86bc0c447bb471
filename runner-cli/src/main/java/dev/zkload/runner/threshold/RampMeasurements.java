package dev.zkload.runner.threshold;

import dev.zkload.runner.result.OpLatency;
import dev.zkload.runner.result.RampSummary;
import dev.zkload.runner.result.RunResults;
import dev.zkload.runner.result.StepFleetData;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepVerdict;
import dev.zkload.runner.result.StopReason;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The ramp's answers, from its results folder: {@code max-stable-domains} from the summary (a lower
 * bound unless the ramp saturated), everything else per step — the step {@code @N} picked, or every
 * load step. A step tells nothing about the ensemble when the runner was its bottleneck, nothing from
 * the servers when their statistics were not read, and nothing at all when it was interrupted: such
 * a step is not observed, never a pass.
 */
public final class RampMeasurements implements Measurements {
    private final RunResults results;
    private final Optional<RampSummary> summary;

    /** @param summary the run's summary (the one about to be written, or the folder's) */
    public RampMeasurements(RunResults results, Optional<RampSummary> summary) {
        this.results = results;
        this.summary = summary;
    }

    @Override
    public List<Measurement> of(Threshold t) {
        if (t.metric().aggregate() == Metric.Aggregate.RUN) {
            return List.of(maxStable());
        }
        List<Measurement> out = new ArrayList<>();
        for (StepResult step : results.steps()) {
            boolean inScope = t.level() == null ? step.step() > 0 : step.domains() == t.level();
            if (inScope) {
                out.addAll(at(step, t));
            }
        }
        return out;
    }

    private Measurement maxStable() {
        if (summary.isEmpty()) {
            return Measurement.notObserved(null, "the run has no summary (it was killed before it ended)");
        }
        RampSummary s = summary.get();
        double stable = s.maxStableDomains() == null ? 0 : s.maxStableDomains();
        if (s.stopReason() == StopReason.SATURATED) {
            return Measurement.exact(stable, null);
        }
        String why = s.stopReason() == StopReason.TARGET_REACHED && s.saturationObservable()
                ? "the ramp reached its target before the ensemble saturated"
                : s.saturationObservable()
                        ? "the ramp stopped (" + s.stopReason().json() + ") before the ensemble saturated"
                        : "saturation was not observable, so no step was judged stable";
        return Measurement.atLeast(stable, null, why);
    }

    private List<Measurement> at(StepResult step, Threshold t) {
        String where = step.id() + " (" + step.domains() + " domains)";
        Optional<String> unobserved = unobserved(step, t.metric().source());
        if (unobserved.isPresent()) {
            return List.of(Measurement.notObserved(where, unobserved.get()));
        }
        if (t.metric().source() == Metric.Source.BENCHMARK) {
            return benchmark(step, t, where);
        }
        return List.of(value(step, t.metric().name(), where));
    }

    /** Why nothing of this source was observed at the step, if so. */
    private static Optional<String> unobserved(StepResult step, Metric.Source source) {
        if (step.verdict() == StepVerdict.INTERRUPTED) {
            return Optional.of("the step was interrupted");
        }
        boolean aboutTheEnsemble = source != Metric.Source.GENERATOR;
        if (aboutTheEnsemble && step.verdict() == StepVerdict.HOST_BUSY) {
            return Optional.of("this machine was too busy to measure: other processes took its cores");
        }
        if (aboutTheEnsemble && step.generatorBound()) {
            return Optional.of("the load generator was the bottleneck ("
                    + String.join("; ", step.generator().reasons()) + ")");
        }
        if (aboutTheEnsemble && step.verdict() == StepVerdict.DISTURBED) {
            return Optional.of("the ensemble was disturbed: the step measured a fault, not the load");
        }
        if (aboutTheEnsemble && step.verdict() == StepVerdict.SERVER_LIMIT) {
            return Optional.of("a server refused the step's connections (its maxClientCnxns)");
        }
        if (source == Metric.Source.SERVERS && (!step.saturationObservable() || step.server() == null)) {
            return Optional.of("the servers' statistics were not read");
        }
        return Optional.empty();
    }

    private List<Measurement> benchmark(StepResult step, Threshold t, String where) {
        Map<String, OpLatency> ops = results.ops(step);
        if (t.metric().name().equals("error-rate") && t.argument() == null) {
            return List.of(
                    ops.isEmpty()
                            ? Measurement.notObserved(where, "no benchmark ran at this step")
                            : Measurement.exact(step.benchErrorRate(), where));
        }
        return OpValues.perOp(ops, t, where, " at this step");
    }

    private static Measurement value(StepResult step, String metric, String where) {
        StepFleetData fleet = step.fleet();
        Double v =
                switch (metric) {
                    case "expired-sessions" -> fleet == null ? null : (double) fleet.expired();
                    case "disconnected-sessions" ->
                        fleet == null ? null : (double) fleet.sessionEvents().getOrDefault("disconnected", 0L);
                    case "failed-calls" -> fleet == null ? null : (double) fleet.operationErrors();
                    case "failed-runs" -> fleet == null ? null : (double) fleet.runsFailed();
                    case "outstanding-avg" -> step.server().outstandingAvg();
                    case "outstanding-max" -> (double) step.server().outstandingMax();
                    case "leader-cpu" ->
                        step.server().cpuPercent() == null
                                ? null
                                : step.server().cpuPercent() / 100;
                    case "leaderless" -> step.leaderlessSec() * 1000;
                    case "generator-cpu" ->
                        step.generator() == null ? null : step.generator().cpuPercentOfShare() / 100;
                    default -> throw new IllegalArgumentException("the ramp does not measure " + metric);
                };
        if (v != null) {
            return Measurement.exact(v, where);
        }
        String why =
                switch (metric) {
                    case "leader-cpu" -> "the servers are remote: their CPU is not read";
                    case "generator-cpu" -> "the runner's health was not measured";
                    default -> "the simulated sessions' events were not recorded";
                };
        return Measurement.notObserved(where, why);
    }
}
