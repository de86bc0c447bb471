package dev.zkload.runner.latency;

import dev.zkload.bench.ops.LatencyBenchmark;
import dev.zkload.bench.ops.LatencyConfig;
import dev.zkload.bench.ops.LatencyRun;
import dev.zkload.bench.ops.Mode;
import dev.zkload.bench.result.LatencyReport;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.bench.result.TargetResult;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.cli.OutputOptions;
import dev.zkload.runner.cli.TargetOptions;
import dev.zkload.runner.cli.ZnodeOptions;
import dev.zkload.runner.progress.Progress;
import dev.zkload.runner.target.Roles;
import dev.zkload.runner.target.Target;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code latency}: the seven-op benchmark alone, like {@code zk-latencies.py}, against
 * {@code --connect} or an embedded 1-server ensemble. Prints a table and writes
 * {@code latency.json} and HdrHistogram logs into {@code --out}.
 */
@Command(name = "latency", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Measure the seven ZooKeeper operations (create, set, get, delete, createEphemeral, watch,"
                + " deleteEphemeral), like zk-latencies.py.")
public final class LatencyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TargetOptions target = new TargetOptions();

    @Mixin
    ZnodeOptions znodes = new ZnodeOptions();

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "sync",
            description = "sync (one request at a time), async (a window of requests) or rate (open loop at --rate)"
                    + " (default: ${DEFAULT-VALUE}).")
    Mode mode;

    @Option(names = "--window", paramLabel = "N", defaultValue = "1000",
            description = "Most requests outstanding in async and rate modes (default: ${DEFAULT-VALUE}).")
    int window;

    @Option(names = "--rate", paramLabel = "OPS", description = "Requests per second in rate mode.")
    Double rate;

    @Option(names = "--watch-multiple", paramLabel = "N", defaultValue = "0",
            description = "Extra sessions that each watch every ephemeral znode (default: ${DEFAULT-VALUE}).")
    int watchMultiple;

    @Option(names = "--per-server", description = "Measure each server of the ensemble in turn, as zk-latencies --servers does.")
    boolean perServer;

    @Option(names = "--root", paramLabel = "PATH",
            description = "Znode to work under (default: /zkload/latency-<run id>); removed at the end.")
    String root;

    @Option(names = "--force", description = "Clear --root first if it exists and is not empty.")
    boolean force;

    @Mixin
    OutputOptions output = new OutputOptions();

    @Override
    public Integer call() throws Exception {
        target.validate(spec);
        if (mode == Mode.RATE && rate == null) {
            throw new ParameterException(spec.commandLine(), "--mode rate needs --rate OPS");
        }
        // validated before any server is forked, so bad input costs nothing
        LatencyConfig checked;
        try {
            checked = config("127.0.0.1:1", root);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), Options.name(e.getMessage()));
        }
        Path out = output.create("latency", spec);
        PrintWriter console = spec.commandLine().getOut();
        Progress progress = Progress.forConsole(console);
        try (Target t = Target.open(target, 1, spec, console)) {
            LatencyConfig config = config(t.connectString().toString(), checked.root());
            LatencyRun run;
            try {
                run = LatencyBenchmark.run(config, new PhaseProgress(progress));
            } catch (IllegalStateException | IOException e) {
                throw new RunFailure(e.getMessage(), e);
            }
            boolean interrupted = Thread.interrupted();
            LatencyReport report = withRoles(run.report(), t);
            ResultJson.pretty().writeValue(out.resolve("latency.json").toFile(), report);
            run.writeHistogramLogs(out.resolve("latency"), "latency");
            LatencyTable.print(report, console);
            console.printf("Results in %s%n", out);
            console.flush();
            return interrupted ? ExitCodes.INTERRUPTED : ExitCodes.OK;
        }
    }

    private LatencyConfig config(String connectString, String rootPath) {
        LatencyConfig.Builder builder = LatencyConfig.builder(connectString).znodeCount(znodes.znodeCount).znodeSize(znodes.znodeSize)
                .mode(mode).window(window).rate(rate == null ? 0 : rate).watchMultiple(watchMultiple)
                .perServer(perServer).force(force).connectTimeout(target.connectTimeout);
        if (rootPath != null) {
            builder.root(rootPath);
        }
        return builder.build();
    }

    private static LatencyReport withRoles(LatencyReport report, Target t) {
        List<TargetResult> targets = new ArrayList<>();
        for (TargetResult r : report.targets()) {
            targets.add(r.withRole(Roles.of(r.target(), t)));
        }
        return new LatencyReport(report.runId(), report.root(), report.mode(), report.znodeCount(), report.znodeSize(),
                report.watchMultiple(), report.startTime(), report.endTime(), report.interrupted(), targets);
    }
}
