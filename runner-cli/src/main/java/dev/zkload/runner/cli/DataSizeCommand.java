package dev.zkload.runner.cli;

import dev.zkload.runner.cli.options.ExperimentOptions;
import dev.zkload.runner.cli.options.ZnodeOptions;
import dev.zkload.runner.engine.experiment.BenchSettings;
import dev.zkload.runner.engine.experiment.DataSizePlan;
import dev.zkload.runner.engine.experiment.DataSizeSweep;
import dev.zkload.runner.engine.experiment.Level;
import dev.zkload.runner.engine.experiment.Levels;
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

/** {@code data-size}: the seven-op benchmark with znodes of each size, to see what data costs each operation. */
@Command(
        name = "data-size",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "How much slower is each operation as znodes hold more data? Runs the seven-op benchmark with znodes of"
                    + " each of --sizes, and records the data rate of create, set and get. Refuses, in one"
                    + " sentence, a size the servers' jute.maxbuffer does not allow.",
            "Results in results/data-size-<timestamp>: run.json, levels.jsonl, summary.json, report.md/.html and"
                    + " charts."
        })
public final class DataSizeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--sizes",
            paramLabel = "LIST",
            defaultValue = "100,1k,10k,100k,1m",
            description = "Bytes of data per znode, level by level; k = thousand, m = million, KiB = 1024; at most"
                    + " 1000000 (default: ${DEFAULT-VALUE}).")
    String sizes;

    @Option(
            names = "--max-data",
            paramLabel = "SIZE",
            defaultValue = "256MiB",
            description = "The most data one level holds on the servers at once: levels of large znodes run over"
                    + " fewer znodes than --znode-count, so the servers' heap holds them (default: ${DEFAULT-VALUE}).")
    String maxData;

    @Mixin
    ZnodeOptions bench = new ZnodeOptions();

    @Mixin
    ExperimentOptions options = new ExperimentOptions();

    @Override
    public Integer call() throws Exception {
        SweepRun.Checked checked = SweepRun.check(spec, options);
        DataSizePlan plan = plan(checked.limits());
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("sizes", plan.levels().stream().map(Level::label).toList());
        settings.put("maxData", plan.maxData());
        SweepRun.describe(plan.bench(), settings);
        return SweepRun.run(
                spec,
                options,
                checked,
                RunKind.DATA_SIZE,
                settings,
                SweepRun.Gating.of(Catalogs.DATA_SIZE, plan.levels()),
                run -> new DataSizeSweep(run, plan, SweepRun.progress(spec, options)));
    }

    private DataSizePlan plan(HealthLimits limits) {
        long maxBytes;
        try {
            List<Level> most = Levels.parse(maxData);
            if (most.size() != 1) {
                throw new IllegalArgumentException("give one size, like 256MiB");
            }
            maxBytes = most.get(0).value();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--max-data: " + e.getMessage());
        }
        BenchSettings settings = SweepRun.bench(spec, bench, options);
        List<Level> levels = SweepRun.levels(spec, "--sizes", sizes);
        try {
            return new DataSizePlan(levels, maxBytes, settings, limits);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--sizes or --max-data: " + e.getMessage());
        }
    }
}
