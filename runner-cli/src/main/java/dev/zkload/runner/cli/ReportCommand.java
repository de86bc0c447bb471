package dev.zkload.runner.cli;

import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.cli.options.ThresholdOptions;
import dev.zkload.runner.report.ReportFiles;
import dev.zkload.runner.report.ReportWriter;
import dev.zkload.runner.report.ShardMerge;
import dev.zkload.runner.result.RampSummary;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.ResultReader;
import dev.zkload.runner.result.ResultWriter;
import dev.zkload.runner.result.RunDescription;
import dev.zkload.runner.result.RunKind;
import dev.zkload.runner.result.RunResults;
import dev.zkload.runner.result.SweepResults;
import dev.zkload.runner.result.ThresholdResult;
import dev.zkload.runner.threshold.Catalog;
import dev.zkload.runner.threshold.Catalogs;
import dev.zkload.runner.threshold.LatencyMeasurements;
import dev.zkload.runner.threshold.Measurements;
import dev.zkload.runner.threshold.RampMeasurements;
import dev.zkload.runner.threshold.SimulateMeasurements;
import dev.zkload.runner.threshold.SweepMeasurements;
import dev.zkload.runner.threshold.Threshold;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code report DIR}: rebuilds report.md, report.html and the charts of a results folder from its
 * files. {@code report DIR... --out MERGED}: merges the folders of the shards of one ramp first
 * ({@link ShardMerge}). With {@code --threshold}, judges the (merged) run afterwards: the way to gate a
 * sharded ramp, or to judge an old run again. Exit code 0 when written, 2 (picocli's usage code) when a DIR
 * is not a results folder or the folders are not the shards of one run, 3 when a threshold failed.
 */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = {
            "Rebuild report.md, report.html and the PNG charts of a results folder from its files.",
            "Given the folders of every shard of one ramp (--shard i/N), merge them into --out and report that."
        })
public final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(
            arity = "1..*",
            paramLabel = "DIR",
            description = "A results folder written by the ramp (holds run.json);" + " or every shard's folder.")
    List<Path> dirs;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the merged folder of several shards goes.")
    Path out;

    @Option(
            names = "--percentiles",
            paramLabel = "P,P...",
            split = ",",
            defaultValue = "50,90,99,99.9",
            description = "The latency percentiles to show, each in its own table, computed from the HdrHistogram"
                    + " logs (latency/*.hlog) (default: ${DEFAULT-VALUE}; the largest latency and the count are"
                    + " always shown).")
    List<Double> percentiles;

    @Mixin
    ThresholdOptions thresholds = new ThresholdOptions();

    @Override
    public Integer call() throws IOException {
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                throw new ParameterException(spec.commandLine(), "DIR " + dir + " is not a directory.");
            }
            if (!Files.isRegularFile(dir.resolve(ResultFiles.RUN))) {
                throw new ParameterException(
                        spec.commandLine(), "DIR " + dir + " has no run.json, so it is not a zkload results folder.");
            }
        }
        for (double p : percentiles) {
            if (!(p > 0 && p <= 100)) {
                throw new ParameterException(
                        spec.commandLine(),
                        "--percentiles: " + p + " is not a percentile; give each above 0 and at most 100");
            }
        }
        Path target = dirs.get(0);
        RunDescription run = ResultReader.run(target);
        RunKind kind = run.kind();
        // the metrics a folder's thresholds may name: those of the command that wrote it
        Catalog catalog = Catalogs.of(kind, String.valueOf(run.settings().get("swept")));
        List<Threshold> gates = thresholds.parse(spec, catalog, Optional.empty());
        if (dirs.size() > 1) {
            if (out == null) {
                throw new ParameterException(spec.commandLine(), "several folders are merged into --out DIR; give it");
            }
            if (Files.exists(out.resolve(ResultFiles.RUN))) {
                throw new ParameterException(
                        spec.commandLine(), "--out " + out + " holds a run already; give a new folder");
            }
            try {
                ShardMerge.merge(dirs, out);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
            target = out;
        } else if (out != null) {
            throw new ParameterException(spec.commandLine(), "--out is for merging several shards' folders");
        }
        List<ThresholdResult> judged =
                gates.isEmpty() ? List.of() : Gates.judge(gates, measurements(target, kind, catalog, run.settings()));
        if (dirs.size() > 1 && !judged.isEmpty()) {
            // the merged run is new: its summary and report carry the thresholds, as an unsharded ramp's do
            Optional<RampSummary> summary = ResultReader.read(target).summary();
            if (summary.isPresent()) {
                ResultWriter.existing(target).writeSummary(summary.get().withThresholds(judged));
            }
        }
        ReportFiles files = ReportWriter.write(target, percentiles);
        PrintWriter console = spec.commandLine().getOut();
        console.println("Wrote " + files.markdown());
        console.println("Wrote " + files.html());
        files.charts().forEach(c -> console.println("Wrote " + c));
        Gates.print(console, judged);
        console.flush();
        return Gates.exitCode(ExitCodes.OK, judged);
    }

    private static Measurements measurements(Path dir, RunKind kind, Catalog catalog, Map<String, Object> settings)
            throws IOException {
        return switch (kind) {
            case RAMP -> {
                RunResults results = ResultReader.read(dir);
                yield new RampMeasurements(results, results.summary());
            }
            case LATENCY -> {
                RunResults results = ResultReader.read(dir);
                yield results.latency()
                        .<Measurements>map(s -> new LatencyMeasurements(s.latency(), results.histograms()))
                        .orElse(t -> List.of());
            }
            case SIMULATE ->
                ResultReader.simulation(dir)
                        .<Measurements>map(SimulateMeasurements::new)
                        .orElse(t -> List.of());
            case CONNECTIONS, ZNODES, DATA_SIZE, WATCHES, MAX_RATE, DISRUPT -> {
                SweepResults sweep = SweepResults.read(dir);
                yield sweep.summary()
                        .<Measurements>map(s -> new SweepMeasurements(s, sweep.levels(), catalog, settings))
                        .orElse(t -> List.of());
            }
        };
    }
}
