package dev.zkload.runner.cli;

import dev.zkload.bench.ops.RunIds;
import dev.zkload.bench.stats.AdminUrls;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.cli.options.GeneratorOptions;
import dev.zkload.runner.cli.options.OutputOptions;
import dev.zkload.runner.cli.options.ServerMetricsOptions;
import dev.zkload.runner.cli.options.TargetOptions;
import dev.zkload.runner.cli.options.ZnodeOptions;
import dev.zkload.runner.engine.experiment.Level;
import dev.zkload.runner.engine.experiment.Levels;
import dev.zkload.runner.engine.experiment.ZnodeSweep;
import dev.zkload.runner.engine.experiment.ZnodeSweepPlan;
import dev.zkload.runner.engine.health.HealthLimits;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.runner.engine.run.RunStart;
import dev.zkload.runner.progress.Progress;
import dev.zkload.runner.report.ReportWriter;
import dev.zkload.runner.result.SweepSummary;
import dev.zkload.sim.zk.ZkTrees;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
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
 * down as it holds more. Writes {@code run.json}, {@code levels.jsonl} (one line per level),
 * {@code summary.json} and the report into {@code --out}.
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

    @Mixin
    TargetOptions target = new TargetOptions();

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

    @Option(
            names = "--root",
            paramLabel = "PATH",
            description = "The run's root znode (default: /zkload/znodes-<run id>): it holds the run's lock, the"
                    + " filled tree and the benchmark's znodes, and is removed at the end.")
    String root;

    @Option(names = "--force", description = "Clear --root first if it exists and is not empty (never a live run's).")
    boolean force;

    @Mixin
    ServerMetricsOptions serverMetrics = new ServerMetricsOptions();

    @Mixin
    GeneratorOptions generator = new GeneratorOptions();

    @Mixin
    OutputOptions output = new OutputOptions();

    @Override
    public Integer call() throws Exception {
        target.validate(spec);
        bench.validate(spec);
        AdminUrls adminUrls = serverMetrics.adminUrls(spec);
        HealthLimits limits = generator.limits(spec);
        ZnodeSweepPlan plan = plan(limits);
        String runId = RunIds.next();
        String runRoot = root != null ? root : "/zkload/znodes-" + runId;
        try {
            ZkTrees.checkRoot(runRoot);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--root: " + e.getMessage());
        }
        Path out = output.checked("znodes", spec);
        PrintWriter console = spec.commandLine().getOut();
        SweepSummary summary;
        try (PreparedRun run = PreparedRun.open(
                new RunStart(
                        "znodes", runId, runRoot, target.spec(spec, 1), adminUrls, !serverMetrics.none, force, out),
                console)) {
            run.writeRun(spec.commandLine().getParseResult().originalArgs(), null, settings(plan));
            summary = new ZnodeSweep(run, plan, new PhaseProgress(Progress.forConsole(console)), console).run();
            boolean interrupted = Thread.interrupted();
            run.results().writeSummary(summary);
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        report(out, console);
        if (summary.stopDetail() != null) {
            console.println(summary.stopDetail());
        }
        summary.notes().forEach(console::println);
        console.printf(
                "%d of %d level(s) measured. Results in %s%n",
                summary.levelsFinished(), summary.levelsRequested(), out);
        console.flush();
        return switch (summary.stopReason()) {
            case COMPLETED -> ExitCodes.OK;
            case INTERRUPTED -> ExitCodes.INTERRUPTED;
            case ERRORS -> ExitCodes.RUNTIME_FAILURE;
        };
    }

    private ZnodeSweepPlan plan(HealthLimits limits) {
        if (fillSize < 0 || fillSize > 1_000_000) {
            throw new ParameterException(
                    spec.commandLine(), "--fill-size must be between 0 and 1000000 bytes, got " + fillSize);
        }
        try {
            List<Level> levels = Levels.parse(counts);
            return new ZnodeSweepPlan(
                    levels,
                    fillSize,
                    bench.znodeCount,
                    bench.znodeSize,
                    bench.warmupOr(1000),
                    bench.benchTimeOr(Duration.ofSeconds(30)),
                    target.connectTimeout,
                    limits);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--counts: " + e.getMessage());
        }
    }

    private static Map<String, Object> settings(ZnodeSweepPlan plan) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("counts", plan.levels().stream().map(Level::label).toList());
        map.put("fillSize", plan.fillSize());
        map.put("znodeCount", plan.benchZnodes());
        map.put("znodeSize", plan.benchSize());
        map.put("warmup", plan.warmup());
        map.put(
                "benchTimeSec",
                plan.benchTime() == null ? null : plan.benchTime().toSeconds());
        return map;
    }

    /** The report is made from the folder alone, as {@code zkload report} would make it again. */
    private static void report(Path out, PrintWriter console) {
        try {
            ReportWriter.write(out);
        } catch (IOException | RuntimeException e) {
            console.println("The report could not be written (" + e.getMessage() + "): the results are complete;"
                    + " run zkload report " + out + " to try again.");
        }
    }
}
