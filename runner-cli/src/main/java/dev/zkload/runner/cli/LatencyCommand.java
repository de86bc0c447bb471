package dev.zkload.runner.cli;

import dev.zkload.bench.ops.LatencyConfig;
import dev.zkload.bench.ops.Mode;
import dev.zkload.bench.ops.RunIds;
import dev.zkload.bench.result.LatencyReport;
import dev.zkload.bench.stats.AdminUrls;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.cli.options.OutputOptions;
import dev.zkload.runner.cli.options.SecretArguments;
import dev.zkload.runner.cli.options.ServerMetricsOptions;
import dev.zkload.runner.cli.options.TargetOptions;
import dev.zkload.runner.cli.options.ThresholdOptions;
import dev.zkload.runner.cli.options.ZnodeOptions;
import dev.zkload.runner.engine.latency.LatencyMeasurement;
import dev.zkload.runner.engine.run.RunStart;
import dev.zkload.runner.engine.run.RunTemplate;
import dev.zkload.runner.progress.Progress;
import dev.zkload.runner.result.LatencySummary;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.RunHistograms;
import dev.zkload.runner.result.RunKind;
import dev.zkload.runner.threshold.Catalogs;
import dev.zkload.runner.threshold.LatencyMeasurements;
import dev.zkload.runner.threshold.Threshold;
import dev.zkload.zk.ZkClientSecurity;
import dev.zkload.zk.ZkTrees;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code latency}: the seven-op benchmark alone, like {@code zk-latencies.py}, against
 * {@code --connect} or an embedded 1-server ensemble. Prints a table and writes {@code latency.json},
 * HdrHistogram logs and last {@code summary.json} (the table with the thresholds judged) into {@code --out}.
 */
@Command(
        name = "latency",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Measure the seven ZooKeeper operations (create, set, get, delete, createEphemeral, watch,"
                + " deleteEphemeral), like zk-latencies.py.")
public final class LatencyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TargetOptions target = new TargetOptions();

    @Mixin
    ZnodeOptions znodes = new ZnodeOptions();

    @Option(
            names = "--mode",
            paramLabel = "MODE",
            defaultValue = "sync",
            description = "sync (one request at a time), async (a window of requests) or rate (open loop at --rate)"
                    + " (default: ${DEFAULT-VALUE}).")
    Mode mode;

    @Option(
            names = "--window",
            paramLabel = "N",
            defaultValue = "" + LatencyConfig.DEFAULT_WINDOW,
            description = "Most requests outstanding in async and rate modes (default: ${DEFAULT-VALUE}).")
    int window;

    @Option(names = "--rate", paramLabel = "OPS", description = "Requests per second in rate mode.")
    Double rate;

    @Option(
            names = "--watch-multiple",
            paramLabel = "N",
            defaultValue = "0",
            description = "Extra sessions that each watch every ephemeral znode (default: ${DEFAULT-VALUE}).")
    int watchMultiple;

    @Option(
            names = "--per-server",
            description = "Measure each server of the ensemble in turn, as zk-latencies --servers does.")
    boolean perServer;

    @Option(
            names = "--root",
            paramLabel = "PATH",
            description = "The run's root znode (default: /zkload/latency-<run id>): it holds the run's lock and the"
                    + " benchmark's znodes, and is removed at the end if the run created it.")
    String root;

    @Option(names = "--force", description = "Clear --root first if it exists and is not empty (never a live run's).")
    boolean force;

    @Mixin
    ServerMetricsOptions serverMetrics = new ServerMetricsOptions();

    @Mixin
    OutputOptions output = new OutputOptions();

    @Mixin
    ThresholdOptions thresholds = new ThresholdOptions();

    @Override
    public Integer call() throws Exception {
        target.validate(spec);
        znodes.validate(spec);
        AdminUrls adminUrls = serverMetrics.adminUrls(spec);
        if (mode == Mode.RATE && rate == null) {
            throw new ParameterException(spec.commandLine(), "--mode rate needs --rate OPS");
        }
        String runId = RunIds.next();
        String runRoot = root != null ? root : "/zkload/latency-" + runId;
        // validated before any server is forked, so bad input costs nothing
        try {
            ZkTrees.checkRoot(runRoot);
            config("127.0.0.1:1", runRoot, ZkClientSecurity.NONE);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), Options.name(e.getMessage()));
        }
        List<Threshold> gates = thresholds.parse(spec, Catalogs.LATENCY, Optional.empty());
        Path out = output.checked(RunKind.LATENCY.command(), spec);
        PrintWriter console = output.console(spec);
        Progress progress = Progress.forConsole(console);
        ConsoleListener listener = new ConsoleListener(progress);
        RunTemplate.Done<LatencySummary> done = RunTemplate.execute(
                new RunStart(RunKind.LATENCY, runId, runRoot, target.spec(spec, 1), adminUrls, false, force, out),
                null,
                listener,
                run -> {
                    run.writeRun(SecretArguments.typed(spec), null, settings());
                    LatencyReport report = LatencyMeasurement.run(
                            run,
                            config(
                                    run.target().connectString().toString(),
                                    runRoot,
                                    run.target().security()),
                            new PhaseProgress(progress));
                    return new LatencySummary(ResultFiles.SCHEMA_VERSION, report, List.of());
                },
                (summary, dir) -> judged(summary, dir, gates));
        LatencySummary summary = done.summary();
        FinalReport.write(out, console);
        LatencyTable.print(summary.latency(), console);
        Gates.print(console, summary.thresholds());
        console.printf("Results in %s%n", out);
        console.flush();
        if (output.json) {
            Gates.printJson(spec.commandLine().getOut(), summary);
        }
        return Gates.exitCode(done.interrupted() ? ExitCodes.INTERRUPTED : ExitCodes.OK, summary.thresholds());
    }

    /** summary.json: the table and the thresholds, judged with every percentile from the histogram logs. */
    private static LatencySummary judged(LatencySummary summary, Path dir, List<Threshold> gates) throws IOException {
        if (gates.isEmpty()) {
            return summary;
        }
        RunHistograms histograms = RunHistograms.read(dir, new ArrayList<>());
        return new LatencySummary(
                summary.schemaVersion(),
                summary.latency(),
                Gates.judge(gates, new LatencyMeasurements(summary.latency(), histograms)));
    }

    /** The benchmark works in {@code bench} under the run's root, which holds the run's lock beside it. */
    private LatencyConfig config(String connectString, String runRoot, ZkClientSecurity security) {
        return LatencyConfig.builder(connectString)
                .security(security)
                .znodeCount(znodes.znodeCount)
                .znodeSize(znodes.znodeSize)
                .warmup(znodes.warmupOr(0))
                .timeLimit(znodes.benchTimeOr(null))
                .mode(mode)
                .window(window)
                .rate(rate == null ? 0 : rate)
                .watchMultiple(watchMultiple)
                .perServer(perServer)
                .connectTimeout(target.connectTimeout)
                .root(runRoot + "/bench")
                .force(true)
                .build();
    }

    private java.util.Map<String, Object> settings() {
        java.util.Map<String, Object> map = new java.util.LinkedHashMap<>();
        map.put("znodeCount", znodes.znodeCount);
        map.put("znodeSize", znodes.znodeSize);
        map.put("mode", mode.name().toLowerCase(java.util.Locale.ROOT));
        map.put("window", window);
        map.put("rate", rate);
        map.put("watchMultiple", watchMultiple);
        map.put("perServer", perServer);
        map.put("warmup", znodes.warmupOr(0));
        map.put("benchTimeSec", znodes.benchTime == null ? null : znodes.benchTime.toSeconds());
        return map;
    }
}
