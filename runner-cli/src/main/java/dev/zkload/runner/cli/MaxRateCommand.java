package dev.zkload.runner.cli;

import dev.zkload.runner.cli.options.DurationConverter;
import dev.zkload.runner.cli.options.ExperimentOptions;
import dev.zkload.runner.engine.experiment.MaxRatePlan;
import dev.zkload.runner.engine.experiment.MaxRateSweep;
import dev.zkload.runner.engine.experiment.Mix;
import dev.zkload.runner.engine.health.HealthLimits;
import dev.zkload.runner.result.RunKind;
import dev.zkload.runner.threshold.Catalogs;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code max-rate}: the highest throughput at which a mix of operations keeps its p99 under a bound. */
@Command(
        name = "max-rate",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "What is the highest throughput at which latency stays under a bound? Holds one rate after another,"
                    + " open-loop (latency from each call's intended start, so a server that falls behind shows as"
                    + " latency), with a --mix of operations over --clients sessions; a rate holds when its p99 is"
                    + " within --p99-bound, at least 98%% of the calls asked for were completed, none failed and the"
                    + " runner was not the bottleneck. Doubles (or halves) the rate until one holds and the next"
                    + " does not, then bisects. Reports the curve and the answer: the highest rate that held.",
            "Results in results/max-rate-<timestamp>: run.json, levels.jsonl (one line per rate tried),"
                    + " summary.json (answer.maxRate), report.md/.html and charts."
        })
public final class MaxRateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--mix",
            paramLabel = "MIX",
            defaultValue = "get",
            description = "Operations and their weights, e.g. get=80,set=15,create=5; one of get, exists, set, create,"
                    + " delete alone (default: ${DEFAULT-VALUE}).")
    String mix;

    @Option(
            names = "--p99-bound",
            paramLabel = "DURATION",
            defaultValue = "100ms",
            converter = DurationConverter.class,
            description = "The p99 latency a rate must stay within (default: ${DEFAULT-VALUE}).")
    Duration p99Bound;

    @Option(
            names = "--clients",
            paramLabel = "N",
            defaultValue = "10",
            description = "Sessions the calls are spread over (default: ${DEFAULT-VALUE}).")
    int clients;

    @Option(
            names = "--hold",
            paramLabel = "DURATION",
            defaultValue = "10s",
            converter = DurationConverter.class,
            description = "How long each rate is held (default: ${DEFAULT-VALUE}).")
    Duration hold;

    @Option(
            names = "--start-rate",
            paramLabel = "OPS",
            defaultValue = "1000",
            description = "The first rate tried, calls per second (default: ${DEFAULT-VALUE}).")
    long startRate;

    @Option(
            names = "--precision",
            paramLabel = "FRACTION",
            defaultValue = "0.05",
            description = "Stop when the highest rate that held and the lowest that did not are this close, as a"
                    + " fraction of the former (default: ${DEFAULT-VALUE}).")
    double precision;

    @Option(
            names = "--max-probes",
            paramLabel = "N",
            defaultValue = "12",
            description = "The most rates tried (default: ${DEFAULT-VALUE}).")
    int maxProbes;

    @Option(
            names = "--pool",
            paramLabel = "N",
            defaultValue = "1000",
            description = "Znodes that get, exists and set work on, created before the first rate"
                    + " (default: ${DEFAULT-VALUE}).")
    int pool;

    @Option(
            names = "--znode-size",
            paramLabel = "BYTES",
            defaultValue = "100",
            description = "Bytes written by set and create (default: ${DEFAULT-VALUE}).")
    int size;

    @Option(
            names = "--max-outstanding",
            paramLabel = "N",
            defaultValue = "10000",
            description = "The most calls in flight; beyond it the schedule waits, and the wait counts as latency"
                    + " (default: ${DEFAULT-VALUE}).")
    int maxOutstanding;

    @Mixin
    ExperimentOptions options = new ExperimentOptions();

    @Override
    public Integer call() throws Exception {
        SweepRun.Checked checked = SweepRun.check(spec, options);
        MaxRatePlan plan = plan(checked.limits());
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("mix", plan.mix().weights());
        settings.put("p99BoundMs", plan.p99Bound().toMillis());
        settings.put("clients", plan.clients());
        settings.put("holdSec", plan.hold().toSeconds());
        settings.put("startRate", plan.firstRate());
        settings.put("precision", plan.precision());
        settings.put("maxProbes", plan.maxProbes());
        settings.put("pool", plan.pool());
        settings.put("znodeSize", plan.size());
        settings.put("maxOutstanding", plan.maxOutstanding());
        return SweepRun.run(
                spec,
                options,
                checked,
                RunKind.MAX_RATE,
                settings,
                new SweepRun.Gating(Catalogs.MAX_RATE, Optional.empty()),
                run -> new MaxRateSweep(run, plan));
    }

    private MaxRatePlan plan(HealthLimits limits) {
        if (size < 0 || size > 1_000_000) {
            throw new ParameterException(
                    spec.commandLine(), "--znode-size must be between 0 and 1000000 bytes, got " + size);
        }
        if (!(precision > 0 && precision < 1)) {
            throw new ParameterException(
                    spec.commandLine(), "--precision must be above 0 and below 1, got " + precision);
        }
        Mix parsed;
        try {
            parsed = Mix.parse(mix);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--mix: " + e.getMessage());
        }
        try {
            return new MaxRatePlan(
                    parsed,
                    p99Bound,
                    clients,
                    hold,
                    startRate,
                    precision,
                    maxProbes,
                    pool,
                    size,
                    maxOutstanding,
                    options.target.connectTimeout,
                    limits);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
