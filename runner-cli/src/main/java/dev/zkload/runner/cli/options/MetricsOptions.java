package dev.zkload.runner.cli.options;

import dev.zkload.runner.RunFailure;
import dev.zkload.runner.metrics.MetricsEndpoint;
import java.io.IOException;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code --metrics-port} and where it listens: the simulator's client-side meters for Prometheus. */
public final class MetricsOptions {
    @Option(
            names = "--metrics-port",
            paramLabel = "PORT",
            description =
                    "Serve the simulated sessions' meters (zkload_sim_*) and the JVM's at http://HOST:PORT/metrics"
                            + " in the Prometheus text format while the run lasts; 0 picks a free port. Off by default.")
    public Integer port;

    @Option(
            names = "--metrics-address",
            paramLabel = "HOST",
            defaultValue = "0.0.0.0",
            description = "Address --metrics-port listens on (default: ${DEFAULT-VALUE}, every interface, for a scraper"
                    + " on another host).")
    public String address;

    public void validate(CommandSpec spec) {
        if (port != null && (port < 0 || port > 65535)) {
            throw new ParameterException(spec.commandLine(), "--metrics-port must be between 0 and 65535, got " + port);
        }
    }

    /** The endpoint these options ask for, started; empty when {@code --metrics-port} was not given. */
    public Optional<MetricsEndpoint> start() {
        if (port == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(MetricsEndpoint.start(address, port));
        } catch (IOException e) {
            throw new RunFailure("--metrics-port: cannot listen on " + address + ":" + port + ": " + e.getMessage(), e);
        }
    }
}
