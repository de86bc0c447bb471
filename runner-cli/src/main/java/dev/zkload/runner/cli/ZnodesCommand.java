package dev.zkload.runner.cli;

import dev.zkload.runner.cli.options.ExperimentOptions;
import dev.zkload.runner.cli.options.ZnodeOptions;
import dev.zkload.runner.engine.experiment.BenchSettings;
import dev.zkload.runner.engine.experiment.Level;
import dev.zkload.runner.engine.experiment.ZnodeSweep;
import dev.zkload.runner.engine.experiment.ZnodeSweepPlan;
import dev.zkload.runner.engine.health.HealthLimits;
import dev.zkload.runner.result.RunKind;
import dev.zkload.runner.threshold.Catalogs;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code znodes}: the seven-op benchmark at rising znode counts, to see whether the ensemble slows
 * down as it holds more.
 */
@Command(
        name = "znodes",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Does the ensemble slow down as it holds more znodes? Fills it to each of --counts (fast, not measured),"
                    + " checks that the servers hold them, and runs the seven-op benchmark at each level; records"
                    + " the snapshots the servers took meanwhile (how many, how long, how big on an embedded"
                    + " ensemble).",
            "Results in results/znodes-<timestamp>: run.json, levels.jsonl, summary.json, report.md/.html and charts."
        })
public final class ZnodesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--counts",
            paramLabel = "LIST",
            defaultValue = "0,100k,500k,1m",
            description = "Znodes to fill the ensemble with, level by level, rising; k = thousand, m = million"
                    + " (default: ${DEFAULT-VALUE}).")
    String counts;

    @Option(
            names = "--fill-size",
            paramLabel = "BYTES",
            defaultValue = "100",
            description = "Bytes of data of every filled znode (default: ${DEFAULT-VALUE}).")
    int fillSize;

    @Mixin
    ZnodeOptions bench = new ZnodeOptions();

    @Mixin
    ExperimentOptions options = new ExperimentOptions();

    @Override
    public Integer call() throws Exception {
        SweepRun.Checked checked = SweepRun.check(spec, options);
        ZnodeSweepPlan plan = plan(checked.limits());
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("counts", plan.levels().stream().map(Level::label).toList());
        settings.put("fillSize", plan.fillSize());
        SweepRun.describe(plan.bench(), settings);
        return SweepRun.run(
                spec,
                options,
                checked,
                RunKind.ZNODES,
                settings,
                SweepRun.Gating.of(Catalogs.ZNODES, plan.levels()),
                run -> new ZnodeSweep(run, plan, SweepRun.progress(spec, options)));
    }

    private ZnodeSweepPlan plan(HealthLimits limits) {
        if (fillSize < 0 || fillSize > 1_000_000) {
            throw new ParameterException(
                    spec.commandLine(), "--fill-size must be between 0 and 1000000 bytes, got " + fillSize);
        }
        BenchSettings settings = SweepRun.bench(spec, bench, options);
        List<Level> levels = SweepRun.levels(spec, "--counts", counts);
        try {
            return new ZnodeSweepPlan(levels, fillSize, settings, limits);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--counts: " + e.getMessage());
        }
    }
}
