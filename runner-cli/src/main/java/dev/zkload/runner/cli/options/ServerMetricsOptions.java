package dev.zkload.runner.cli.options;

import dev.zkload.bench.stats.AdminUrls;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * How the servers' own statistics are read: four-letter words on the client port, or the
 * AdminServer where they are not whitelisted; or, explicitly, not at all.
 */
public final class ServerMetricsOptions {
    @Option(
            names = "--admin-port",
            paramLabel = "PORT",
            description = "Port of every server's AdminServer, when it is not on 8080 (used where mntr, srvr or cons"
                    + " are not in 4lw.commands.whitelist).")
    public Integer adminPort;

    @Option(
            names = "--admin-url",
            paramLabel = "URL",
            description = "Every server's AdminServer commands URL, {host} standing for the server's host, e.g."
                    + " https://{host}:8443/commands (HTTPS is checked against the JVM's trust store:"
                    + " java -Djavax.net.ssl.trustStore=FILE -jar ...).")
    public String adminUrl;

    @Option(
            names = "--no-server-metrics",
            description = "Run without the servers' statistics (when neither four-letter words nor an AdminServer can"
                    + " be reached). Saturation then cannot be observed, and every result says so.")
    public boolean none;

    /**
     * Where the AdminServers answer, as the options say.
     *
     * @throws ParameterException naming the option that is wrong
     */
    public AdminUrls adminUrls(CommandSpec spec) {
        if (adminPort != null && adminUrl != null) {
            throw new ParameterException(spec.commandLine(), "give --admin-port or --admin-url, not both");
        }
        if (none && (adminPort != null || adminUrl != null)) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--no-server-metrics reads no statistics; --admin-port and --admin-url do not go with it");
        }
        try {
            if (adminPort != null) {
                return AdminUrls.port(adminPort);
            }
            return adminUrl != null ? new AdminUrls(adminUrl) : AdminUrls.DEFAULT;
        } catch (IllegalArgumentException e) {
            throw new ParameterException(
                    spec.commandLine(), (adminPort != null ? "--admin-port: " : "--admin-url: ") + e.getMessage());
        }
    }
}
