package dev.zkload.runner.simulate;

import dev.zkload.bench.ops.RunIds;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.bench.stats.StatsSampler;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.cli.DurationConverter;
import dev.zkload.runner.cli.ModelOptions;
import dev.zkload.runner.cli.OutputOptions;
import dev.zkload.runner.cli.TargetOptions;
import dev.zkload.runner.metrics.MetricsEndpoint;
import dev.zkload.runner.metrics.MetricsOptions;
import dev.zkload.runner.progress.Progress;
import dev.zkload.runner.ramp.RampCommand;
import dev.zkload.runner.target.Target;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.DomainStartException;
import dev.zkload.sim.Footprint;
import dev.zkload.sim.SaturnModel;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
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
 * {@code simulate}: holds N domains for a while and samples the servers (no latency benchmark),
 * then prints what each domain cost the servers beside the model's expectation.
 */
@Command(name = "simulate", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Hold N simulated Saturn domains for a duration and sample the servers.")
public final class SimulateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--domains", paramLabel = "N", required = true, description = "Domains to hold.")
    int domains;

    @Option(names = "--duration", paramLabel = "DURATION", defaultValue = "5m", converter = DurationConverter.class,
            description = "How long to hold them once registered (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Mixin
    TargetOptions target = new TargetOptions();

    @Mixin
    ModelOptions model = new ModelOptions();

    @Mixin
    OutputOptions output = new OutputOptions();

    @Mixin
    MetricsOptions metrics = new MetricsOptions();

    @Override
    public Integer call() throws InterruptedException {
        target.validate(spec);
        model.validate(spec);
        if (domains < 1 || duration.isNegative()) {
            throw new ParameterException(spec.commandLine(), "--domains must be positive and --duration not negative");
        }
        metrics.validate(spec);
        SaturnModel m = RampCommand.model(model, spec);
        Optional<MetricsEndpoint> endpoint = MetricsEndpoint.start(metrics);
        try {
            return simulate(m, endpoint);
        } finally {
            endpoint.ifPresent(MetricsEndpoint::close);
        }
    }

    private int simulate(SaturnModel m, Optional<MetricsEndpoint> endpoint) throws InterruptedException {
        Path out = output.create("simulate", spec);
        PrintWriter console = spec.commandLine().getOut();
        Progress progress = Progress.forConsole(console);
        endpoint.ifPresent(e -> progress.line("Serving meters for Prometheus on port %d (/metrics)", e.port()));
        String root = "/zkload/simulate-" + RunIds.next();
        try (Target t = Target.open(target, 3, spec, console);
                StatsSampler sampler = StatsSampler.builder().servers(t.servers())
                        .csv(out.resolve("server-metrics.csv")).build()) {
            sampler.start();
            List<StatsSample> before = sampler.sampleNow();
            DomainFleet fleet = DomainFleet.builder(t.connectString().toString()).root(root).model(m)
                    .meterRegistry(endpoint.map(MetricsEndpoint::registry).orElse(null)).build();
            boolean interrupted = false;
            try {
                fleet.start();
                progress.line("Adding %d domains under %s ...", domains, root);
                fleet.addDomains(domains);
                Instant end = Instant.now().plus(duration);
                while (Instant.now().isBefore(end)) {
                    var s = fleet.snapshot();
                    progress.status("%d domains, %d sessions, %d runs completed, %s left", s.domains(), s.sessionsOpen(),
                            s.runsCompleted(), Progress.clock(Duration.between(Instant.now(), end)));
                    Thread.sleep(1000);
                }
                printFootprint(console, before, sampler.sampleNow(), m.expectedFootprint());
            } catch (DomainStartException e) {
                throw new RunFailure("could not add the domains: " + e.getMessage(), e);
            } catch (InterruptedException e) {
                interrupted = true;
            } finally {
                Thread.interrupted();
                fleet.close();
            }
            console.printf("Server samples in %s%n", out.resolve("server-metrics.csv"));
            return interrupted ? ExitCodes.INTERRUPTED : ExitCodes.OK;
        } catch (IOException e) {
            throw new RunFailure("cannot write " + out + ": " + e.getMessage(), e);
        }
    }

    private void printFootprint(PrintWriter out, List<StatsSample> before, List<StatsSample> after, Footprint model) {
        var b = StatsSampler.leaderOf(before);
        var a = StatsSampler.leaderOf(after);
        if (b.isEmpty() || a.isEmpty()) {
            out.println("No leader answered: no footprint.");
            return;
        }
        long watches = sum(after, true) - sum(before, true);
        // minus the fleet's own admin session, which belongs to no domain
        long sessions = sum(after, false) - sum(before, false) - 1;
        out.printf("%nPer domain, measured (mntr) vs model:%n");
        // minus /zkload and the run's root
        out.printf("  znodes      %10.1f  %10.1f%n", (a.get().stats().znodeCount() - b.get().stats().znodeCount() - 2.0) / domains,
                model.znodes());
        out.printf("  watches     %10.1f  %10.1f%n", (double) watches / domains, model.watches());
        out.printf("  ephemerals  %10.1f  %10.1f%n",
                (double) (a.get().stats().ephemeralsCount() - b.get().stats().ephemeralsCount()) / domains, model.ephemerals());
        out.printf("  sessions    %10.1f  %10.1f%n", (double) sessions / domains, model.sessions());
    }

    private static long sum(List<StatsSample> round, boolean watches) {
        return round.stream().filter(StatsSample::reachable)
                .mapToLong(s -> watches ? s.stats().watchCount() : s.stats().aliveConnections()).sum();
    }
}
