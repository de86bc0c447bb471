package dev.zkload.runner.cli;

import dev.zkload.bench.ops.RunIds;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.cli.options.DurationConverter;
import dev.zkload.runner.cli.options.LoadOptions;
import dev.zkload.runner.cli.options.SecretArguments;
import dev.zkload.runner.cli.options.ThresholdOptions;
import dev.zkload.runner.cli.options.Workload;
import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.ramp.Simulation;
import dev.zkload.runner.engine.run.RunStart;
import dev.zkload.runner.engine.run.RunTemplate;
import dev.zkload.runner.metrics.MetricsEndpoint;
import dev.zkload.runner.progress.Progress;
import dev.zkload.runner.result.RunKind;
import dev.zkload.runner.result.SimulateSummary;
import dev.zkload.runner.threshold.Catalogs;
import dev.zkload.runner.threshold.SimulateMeasurements;
import dev.zkload.runner.threshold.Threshold;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
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
 * {@code simulate}: checks its options, prepares the run, holds the domains ({@link Simulation}), judges the
 * thresholds and prints what each domain cost the servers beside the model's expectation, and how the runner fared.
 */
@Command(
        name = "simulate",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Hold N simulated Saturn domains for a duration and measure what each costs the servers.")
public final class SimulateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--domains", paramLabel = "N", required = true, description = "Domains to hold.")
    int domains;

    @Option(
            names = "--duration",
            paramLabel = "DURATION",
            defaultValue = "5m",
            converter = DurationConverter.class,
            description = "How long to hold them once registered (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Mixin
    LoadOptions load = new LoadOptions();

    @Mixin
    ThresholdOptions thresholds = new ThresholdOptions();

    @Override
    public Integer call() throws InterruptedException {
        load.validate(spec);
        if (domains < 1 || duration.isNegative()) {
            throw new ParameterException(spec.commandLine(), "--domains must be positive and --duration not negative");
        }
        Workload model = load.model.workload(spec);
        List<Threshold> gates = thresholds.parse(spec, Catalogs.SIMULATE, Optional.empty());
        Path out = load.output.checked(RunKind.SIMULATE.command(), spec);
        Optional<MetricsEndpoint> endpoint = load.metrics.start();
        try {
            return simulate(model, out, endpoint, gates);
        } finally {
            endpoint.ifPresent(MetricsEndpoint::close);
        }
    }

    private static void print(PrintWriter console, SimulateSummary summary, Workload model, Path out) {
        FootprintTable.print(
                console, summary.measuredPerDomain(), model.models().expectedFootprint(), summary.note());
        console.printf(
                "Runner: %s%s%n",
                GeneratorMonitor.summary(summary.generator()),
                summary.generator().bound()
                        ? " — the runner was the bottleneck: "
                                + String.join("; ", summary.generator().reasons())
                        : "");
        Gates.print(console, summary.thresholds());
        console.printf("Results in %s%n", out);
        console.flush();
    }

    private int simulate(Workload model, Path out, Optional<MetricsEndpoint> endpoint, List<Threshold> gates)
            throws InterruptedException {
        PrintWriter console = load.output.console(spec);
        Progress progress = Progress.forConsole(console);
        ConsoleListener listener = new ConsoleListener(progress);
        endpoint.ifPresent(e -> progress.line("Serving meters for Prometheus on port %d (/metrics)", e.port()));
        String runId = RunIds.next();
        boolean metrics = !load.serverMetrics.none;
        RunTemplate.Done<SimulateSummary> done = RunTemplate.execute(
                new RunStart(
                        RunKind.SIMULATE,
                        runId,
                        "/zkload/simulate-" + runId,
                        load.target.spec(spec, 3),
                        load.serverMetrics.adminUrls(spec),
                        metrics,
                        false,
                        out),
                null,
                listener,
                run -> {
                    Simulation simulation =
                            new Simulation(domains, duration, metrics, load.generator.limits(spec), model.models());
                    run.writeRun(SecretArguments.typed(spec), model.description(), simulation.settings());
                    return simulation.run(
                            run,
                            listener,
                            endpoint.map(MetricsEndpoint::registry).orElse(null));
                },
                (summary, dir) -> summary.withThresholds(Gates.judge(gates, new SimulateMeasurements(summary))));
        SimulateSummary summary = done.summary();
        print(console, summary, model, out);
        if (load.output.json) {
            Gates.printJson(spec.commandLine().getOut(), summary);
        }
        return Gates.exitCode(summary.interrupted() ? ExitCodes.INTERRUPTED : ExitCodes.OK, summary.thresholds());
    }
}
