package dev.zkload.runner.cli.options;

import dev.zkload.runner.engine.run.ClientSecuritySpec;
import dev.zkload.runner.engine.run.TargetSpec;
import dev.zkload.zk.connect.ConnectString;
import java.time.Duration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * Which ensemble a command works against: {@code --connect} an existing one, or an embedded real
 * ensemble of forked servers set up by {@link ServerOptions}; and how its clients connect and
 * authenticate ({@link SecurityOptions}). Shared by the ramp, {@code latency}
 * and {@code simulate}.
 */
public final class TargetOptions {
    @Option(
            names = "--connect",
            paramLabel = "HOSTS",
            description = "An existing ensemble (host:port,...); without it an embedded real ensemble is started.")
    public String connect;

    @Option(
            names = "--connect-timeout",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            defaultValue = "15s",
            description = "How long to wait for the ensemble to answer (default: ${DEFAULT-VALUE}).")
    public Duration connectTimeout;

    @Mixin
    public ServerOptions server = new ServerOptions();

    @Mixin
    public SecurityOptions security = new SecurityOptions();

    /**
     * Checks the target's options.
     *
     * @throws ParameterException naming the option that is wrong
     */
    public void validate(CommandSpec spec) {
        if (connect != null && server.anyGiven()) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--servers, --server-version, --server-home, --server-preset, --snap-count, --server-jvm-opts,"
                            + " --server-java-home, --server-heap, --embedded-tls and --embedded-sasl set up the"
                            + " embedded ensemble;"
                            + " they cannot be used with --connect");
        }
        if (connectTimeout.isZero() || connectTimeout.isNegative()) {
            throw new ParameterException(spec.commandLine(), "--connect-timeout must be positive");
        }
        server.validate(spec);
        security.spec(spec); // reads the files and variables now, so a bad one costs nothing
    }

    /**
     * The target these options describe, checked.
     *
     * @param defaultServers size of the embedded ensemble when {@code --servers} is not given
     * @throws ParameterException naming the option that is wrong
     */
    public TargetSpec spec(CommandSpec spec, int defaultServers) {
        validate(spec);
        ClientSecuritySpec clients = security.spec(spec);
        if (connect == null) {
            return TargetSpec.embedded(server.embedded(defaultServers), connectTimeout, clients);
        }
        try {
            return TargetSpec.existing(ConnectString.parse(connect), connectTimeout, clients);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--connect: " + e.getMessage());
        }
    }
}
