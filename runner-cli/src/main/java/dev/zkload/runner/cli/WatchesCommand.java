package dev.zkload.runner.cli;

import dev.zkload.runner.cli.options.ExperimentOptions;
import dev.zkload.runner.engine.experiment.Level;
import dev.zkload.runner.engine.experiment.WatchSweep;
import dev.zkload.runner.engine.experiment.WatchSweepPlan;
import dev.zkload.runner.engine.experiment.WatchSweepPlan.Swept;
import dev.zkload.runner.engine.health.HealthLimits;
import dev.zkload.runner.result.RunKind;
import dev.zkload.runner.threshold.Catalog;
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

/** {@code watches}: what watches cost a write, as the ensemble holds more of them or more sessions watch each znode. */
@Command(
        name = "watches",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "What do watches cost a write? Sets znodes one at a time and measures the set's latency and each"
                    + " notification's (from the set's send to the watching session), level by level: as the"
                    + " ensemble holds more watches (--watches, spread over --watch-sessions sessions on znodes"
                    + " nobody sets), or as more sessions watch each znode that is set (--watchers-per-znode with"
                    + " several values). The servers' own watch counts are checked at every level.",
            "Results in results/watches-<timestamp>: run.json, levels.jsonl, summary.json, report.md/.html and charts."
        })
public final class WatchesCommand implements Callable<Integer> {
    private static final String WATCHES_SWEPT = "0,10k,100k,1m";

    @Spec
    CommandSpec spec;

    @Option(
            names = "--watches",
            paramLabel = "LIST",
            description = "Watches on the ensemble besides those on the set znodes, level by level, rising"
                    + " (default: " + WATCHES_SWEPT + "; 0 while --watchers-per-znode is swept).")
    String watches;

    @Option(
            names = "--watchers-per-znode",
            paramLabel = "LIST",
            defaultValue = "1",
            description = "Sessions watching each znode that is set; several values, rising, sweep them instead of"
                    + " --watches (default: ${DEFAULT-VALUE}).")
    String watchersPerZnode;

    @Option(
            names = "--watch-sessions",
            paramLabel = "N",
            defaultValue = "10",
            description = "Sessions the --watches are spread over (default: ${DEFAULT-VALUE}).")
    int sessions;

    @Option(
            names = "--znode-count",
            paramLabel = "N",
            defaultValue = "1000",
            description = "Znodes set at each level (default: ${DEFAULT-VALUE}).")
    int znodes;

    @Option(
            names = "--znode-size",
            paramLabel = "BYTES",
            defaultValue = "100",
            description = "Bytes written by each set (default: ${DEFAULT-VALUE}).")
    int size;

    @Mixin
    ExperimentOptions options = new ExperimentOptions();

    @Override
    public Integer call() throws Exception {
        SweepRun.Checked checked = SweepRun.check(spec, options);
        WatchSweepPlan plan = plan(checked.limits());
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("swept", plan.swept() == Swept.TOTAL ? "watches" : "watchersPerZnode");
        settings.put("levels", plan.levels().stream().map(Level::label).toList());
        settings.put("watches", plan.swept() == Swept.TOTAL ? null : plan.watches());
        settings.put("watchersPerZnode", plan.swept() == Swept.FAN_OUT ? null : plan.fanOut());
        settings.put("watchSessions", plan.sessions());
        settings.put("znodeCount", plan.znodes());
        settings.put("znodeSize", plan.size());
        Catalog catalog = Catalogs.of(RunKind.WATCHES, (String) settings.get("swept"));
        return SweepRun.run(
                spec,
                options,
                checked,
                RunKind.WATCHES,
                settings,
                SweepRun.Gating.of(catalog, plan.levels()),
                run -> new WatchSweep(run, plan));
    }

    private WatchSweepPlan plan(HealthLimits limits) {
        if (size < 0 || size > 1_000_000) {
            throw new ParameterException(
                    spec.commandLine(), "--znode-size must be between 0 and 1000000 bytes, got " + size);
        }
        List<Level> fanOuts = SweepRun.levels(spec, "--watchers-per-znode", watchersPerZnode);
        boolean fanOutSwept = fanOuts.size() > 1;
        List<Level> totals =
                SweepRun.levels(spec, "--watches", watches != null ? watches : fanOutSwept ? "0" : WATCHES_SWEPT);
        if (fanOutSwept && totals.size() > 1) {
            throw new ParameterException(
                    spec.commandLine(), "sweep one of --watches and --watchers-per-znode; give the other one value");
        }
        try {
            return fanOutSwept
                    ? new WatchSweepPlan(
                            Swept.FAN_OUT,
                            fanOuts,
                            totals.get(0).value(),
                            1,
                            sessions,
                            znodes,
                            size,
                            options.target.connectTimeout,
                            limits)
                    : new WatchSweepPlan(
                            Swept.TOTAL,
                            totals,
                            0,
                            (int) Math.min(1000, fanOuts.get(0).value()),
                            sessions,
                            znodes,
                            size,
                            options.target.connectTimeout,
                            limits);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
