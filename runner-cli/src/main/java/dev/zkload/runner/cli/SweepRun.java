package dev.zkload.runner.cli;

import dev.zkload.bench.ops.RunIds;
import dev.zkload.bench.stats.AdminUrls;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.cli.options.ExperimentOptions;
import dev.zkload.runner.cli.options.SecretArguments;
import dev.zkload.runner.cli.options.ZnodeOptions;
import dev.zkload.runner.engine.experiment.BenchSettings;
import dev.zkload.runner.engine.experiment.Level;
import dev.zkload.runner.engine.experiment.Levels;
import dev.zkload.runner.engine.experiment.Sweep;
import dev.zkload.runner.engine.health.HealthLimits;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.runner.engine.run.RunStart;
import dev.zkload.runner.engine.run.RunTemplate;
import dev.zkload.runner.progress.Progress;
import dev.zkload.runner.result.LevelResult;
import dev.zkload.runner.result.RunKind;
import dev.zkload.runner.result.SweepResults;
import dev.zkload.runner.result.SweepSummary;
import dev.zkload.runner.result.ThresholdResult;
import dev.zkload.runner.threshold.Catalog;
import dev.zkload.runner.threshold.SweepMeasurements;
import dev.zkload.runner.threshold.Threshold;
import dev.zkload.zk.ZkTrees;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * How every experiment command runs, once its own options are checked: the root and folder checked
 * before anything starts, the shared start ({@link PreparedRun}), the sweep, {@code summary.json},
 * the report, and the exit code the sweep's end deserves.
 */
final class SweepRun {
    private SweepRun() {}

    /** The checked options every experiment shares, before anything starts. */
    record Checked(AdminUrls adminUrls, HealthLimits limits) {}

    static Checked check(CommandSpec spec, ExperimentOptions options) {
        options.target.validate(spec);
        return new Checked(options.serverMetrics.adminUrls(spec), options.generator.limits(spec));
    }

    /**
     * What {@code --threshold} is judged against: the command's metrics, and its levels when they are known
     * before the run (a search's are not), so that an {@code @LEVEL} the run will never measure is refused
     * at once.
     */
    record Gating(Catalog catalog, Optional<List<Level>> levels) {
        static Gating of(Catalog catalog, List<Level> levels) {
            return new Gating(catalog, Optional.of(levels));
        }

        List<Threshold> parse(CommandSpec spec, ExperimentOptions options) {
            Optional<List<Integer>> values = levels.map(all -> all.stream()
                    .filter(l -> l.value() <= Integer.MAX_VALUE)
                    .map(l -> (int) l.value())
                    .toList());
            return options.thresholds.parse(spec, catalog, values);
        }
    }

    static int run(
            CommandSpec spec,
            ExperimentOptions options,
            Checked checked,
            RunKind kind,
            Map<String, Object> settings,
            Gating gating,
            Function<PreparedRun, Sweep.Experiment> experiment)
            throws InterruptedException {
        return run(spec, options, checked, kind, settings, gating, 1, experiment);
    }

    /** @param servers the embedded ensemble's size when {@code --servers} is not given */
    static int run(
            CommandSpec spec,
            ExperimentOptions options,
            Checked checked,
            RunKind kind,
            Map<String, Object> settings,
            Gating gating,
            int servers,
            Function<PreparedRun, Sweep.Experiment> experiment)
            throws InterruptedException {
        List<Threshold> gates = gating.parse(spec, options);
        String runId = RunIds.next();
        String root = options.root != null ? options.root : "/zkload/" + kind.command() + "-" + runId;
        try {
            ZkTrees.checkRoot(root);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--root: " + e.getMessage());
        }
        Path out = options.output.checked(kind.command(), spec);
        PrintWriter console = options.output.console(spec);
        RunStart start = new RunStart(
                kind,
                runId,
                root,
                options.target.spec(spec, servers),
                checked.adminUrls(),
                !options.serverMetrics.none,
                options.force,
                out);
        ConsoleListener listener = ConsoleListener.printing(console);
        // the experiment is made on the prepared run; its answer's lines are printed after the run is closed
        AtomicReference<Sweep.Experiment> swept = new AtomicReference<>();
        SweepSummary summary = RunTemplate.execute(
                        start,
                        null,
                        listener,
                        run -> {
                            run.writeRun(SecretArguments.typed(spec), null, settings);
                            swept.set(experiment.apply(run));
                            return Sweep.run(run, swept.get(), checked.limits(), listener);
                        },
                        (measured, dir) ->
                                measured.withThresholds(judge(gates, measured, dir, gating.catalog(), settings)))
                .summary();
        Sweep.Experiment sweep = swept.get();
        FinalReport.write(out, console);
        if (summary.stopDetail() != null) {
            console.println(summary.stopDetail());
        }
        summary.notes().forEach(console::println);
        sweep.answerLines(summary.answer()).forEach(console::println);
        console.printf(
                "%d of %d level(s) measured. Results in %s%n",
                summary.levelsFinished(), summary.levelsRequested(), out);
        Gates.print(console, summary.thresholds());
        console.flush();
        if (options.output.json) {
            Gates.printJson(spec.commandLine().getOut(), summary);
        }
        int code =
                switch (summary.stopReason()) {
                    case COMPLETED -> ExitCodes.OK;
                    case INTERRUPTED -> ExitCodes.INTERRUPTED;
                    case ERRORS -> ExitCodes.RUNTIME_FAILURE;
                };
        return Gates.exitCode(code, summary.thresholds());
    }

    /** The thresholds judged on the levels as levels.jsonl recorded them, the one cut short by Ctrl-C too. */
    private static List<ThresholdResult> judge(
            List<Threshold> gates, SweepSummary summary, Path out, Catalog catalog, Map<String, Object> settings) {
        if (gates.isEmpty()) {
            return List.of();
        }
        List<LevelResult> levels;
        try {
            levels = SweepResults.read(out).levels();
        } catch (IOException e) {
            // levels that cannot be read back were not observed, whatever they held
            levels = List.of();
        }
        return Gates.judge(gates, new SweepMeasurements(summary, levels, catalog, settings));
    }

    /**
     * The seven-op benchmark each level of an experiment runs, from the command's benchmark options
     * (an experiment warms up with 1000 calls and limits each operation to 30 s unless told otherwise).
     */
    static BenchSettings bench(CommandSpec spec, ZnodeOptions bench, ExperimentOptions options) {
        bench.validate(spec);
        return new BenchSettings(
                bench.znodeCount,
                bench.znodeSize,
                bench.warmupOr(1000),
                bench.benchTimeOr(Duration.ofSeconds(30)),
                options.target.connectTimeout);
    }

    /** The levels of {@code option} as written, or its one-sentence usage error. */
    static List<Level> levels(CommandSpec spec, String option, String text) {
        try {
            return Levels.parse(text);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), option + ": " + e.getMessage());
        }
    }

    /** The live line that shows which benchmark phase runs, where the command's human text goes. */
    static PhaseProgress progress(CommandSpec spec, ExperimentOptions options) {
        return new PhaseProgress(Progress.forConsole(options.output.console(spec)));
    }

    /** The benchmark's settings as run.json records them. */
    static void describe(BenchSettings bench, Map<String, Object> settings) {
        settings.put("znodeCount", bench.znodes());
        settings.put("znodeSize", bench.size());
        settings.put("warmup", bench.warmup());
        settings.put("benchTimeSec", bench.time() == null ? null : bench.time().toSeconds());
    }
}
