package dev.zkload.runner.cli;

import dev.zkload.bench.ops.RunIds;
import dev.zkload.bench.stats.StatsSampler;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.cli.options.DurationConverter;
import dev.zkload.runner.cli.options.LoadOptions;
import dev.zkload.runner.cli.options.SecretArguments;
import dev.zkload.runner.cli.options.ThresholdOptions;
import dev.zkload.runner.cli.options.Workload;
import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.ramp.ServerReadings;
import dev.zkload.runner.engine.ramp.StepFigures;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.runner.engine.run.RunStart;
import dev.zkload.runner.metrics.MetricsEndpoint;
import dev.zkload.runner.progress.Progress;
import dev.zkload.runner.result.Footprint;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.SimulateSummary;
import dev.zkload.runner.result.StepServerData;
import dev.zkload.runner.threshold.Catalogs;
import dev.zkload.runner.threshold.SimulateMeasurements;
import dev.zkload.runner.threshold.Threshold;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.DomainStartException;
import dev.zkload.sim.FleetSnapshot;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code simulate}: holds N domains for a while and samples the servers (no latency benchmark),
 * then prints what each domain cost the servers beside the model's expectation, and how the runner
 * fared. The footprint is the difference between a reading with the fleet started and no domain,
 * and a reading at the end: nothing else is in it.
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
        Path out = load.output.checked("simulate", spec);
        Optional<MetricsEndpoint> endpoint = load.metrics.start();
        try {
            return simulate(model, out, endpoint, gates);
        } finally {
            endpoint.ifPresent(MetricsEndpoint::close);
        }
    }

    private static DomainFleet fleet(
            PreparedRun run, Workload model, GeneratorMonitor monitor, Optional<MetricsEndpoint> endpoint) {
        return DomainFleet.builder(run.target().connectString().toString())
                .security(run.target().security())
                .root(run.root() + "/sim") // its own root inside the run's: the run's lock holds the run's
                .modelFile(model.models())
                .fireLagListener(monitor.fireLagListener())
                .meterRegistry(endpoint.map(MetricsEndpoint::registry).orElse(null))
                .build();
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
        endpoint.ifPresent(e -> progress.line("Serving meters for Prometheus on port %d (/metrics)", e.port()));
        String runId = RunIds.next();
        boolean metrics = !load.serverMetrics.none;
        try (PreparedRun run = PreparedRun.open(
                        new RunStart(
                                "simulate",
                                runId,
                                "/zkload/simulate-" + runId,
                                load.target.spec(spec, 3),
                                load.serverMetrics.adminUrls(spec),
                                metrics,
                                false,
                                out),
                        console);
                StatsSampler sampler = metrics
                        ? StatsSampler.builder()
                                .servers(run.target().servers())
                                .client(run.stats())
                                .csv(run.results().resolve(ResultFiles.METRICS))
                                .build()
                        : null;
                GeneratorMonitor monitor = new GeneratorMonitor(
                        load.generator.limits(spec), run.target().ensemble().orElse(null))) {
            Map<String, Object> settings = new LinkedHashMap<>();
            settings.put("domains", domains);
            settings.put("durationSec", duration.toSeconds());
            settings.put("serverMetrics", metrics);
            run.writeRun(
                    SecretArguments.redact(spec.commandLine().getParseResult().originalArgs()),
                    model.description(),
                    settings);
            if (sampler != null) {
                sampler.start();
            }
            ServerReadings readings =
                    new ServerReadings(sampler, run.stats(), run.target().servers());
            DomainFleet fleet = fleet(run, model, monitor, endpoint);
            SimulateSummary summary;
            try {
                summary = hold(fleet, model, readings, monitor, progress);
            } catch (DomainStartException e) {
                throw new RunFailure("could not add the domains: " + e.getMessage(), e);
            } finally {
                boolean interrupted = Thread.interrupted();
                fleet.close();
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
            summary = summary.withThresholds(Gates.judge(gates, new SimulateMeasurements(summary)));
            run.results().writeSummary(summary);
            print(console, summary, model, out);
            if (load.output.json) {
                Gates.printJson(spec.commandLine().getOut(), summary);
            }
            return Gates.exitCode(summary.interrupted() ? ExitCodes.INTERRUPTED : ExitCodes.OK, summary.thresholds());
        } catch (IOException e) {
            throw new RunFailure("cannot write " + out + ": " + e.getMessage(), e);
        }
    }

    private SimulateSummary hold(
            DomainFleet fleet, Workload model, ServerReadings readings, GeneratorMonitor monitor, Progress progress)
            throws InterruptedException {
        fleet.start();
        // read with the fleet's root and admin session in place, so only the domains are in the difference
        StepServerData before = readings.settled();
        progress.line("Adding %d domains ...", domains);
        Instant from = Instant.now();
        long zxid = -1;
        boolean interrupted = false;
        FleetSnapshot held = fleet.snapshot();
        try {
            fleet.addDomains(domains);
            monitor.begin();
            zxid = readings.leaderZxid();
            from = Instant.now();
            held = fleet.snapshot();
            Instant end = from.plus(duration);
            while (Instant.now().isBefore(end)) {
                var s = fleet.snapshot();
                progress.status(
                        "%d domains, %d sessions, %d runs completed, %s left",
                        s.domains(),
                        s.sessionsOpen(),
                        s.runsCompleted(),
                        Progress.clock(Duration.between(Instant.now(), end)));
                Thread.sleep(Math.min(
                        1000, Math.max(1, Duration.between(Instant.now(), end).toMillis())));
            }
        } catch (InterruptedException e) {
            interrupted = true;
        }
        Double writes = readings.writesPerDomain(zxid, from, domains);
        Footprint measured = interrupted ? null : StepFigures.footprint(before, readings.settled(), domains, writes);
        String note = interrupted
                ? "not measured: interrupted"
                : load.serverMetrics.none
                        ? "not observable: run with --no-server-metrics"
                        : measured == null ? "not observable: a server did not answer its statistics" : null;
        return new SimulateSummary(
                ResultFiles.SCHEMA_VERSION,
                domains,
                Duration.between(from, Instant.now()).toMillis() / 1000.0,
                measured,
                model.models().expectedFootprint(),
                monitor.end(),
                StepFigures.fleet(held, fleet.snapshot()),
                interrupted,
                note,
                List.of());
    }
}
