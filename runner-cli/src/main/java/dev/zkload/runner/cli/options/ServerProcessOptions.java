package dev.zkload.runner.cli.options;

import dev.zkload.runner.engine.resources.PrometheusLookup;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** How the ramp reads the CPU and GC of servers on other machines: their own Prometheus endpoints. */
public final class ServerProcessOptions {
    @Option(
            names = "--server-prometheus",
            paramLabel = "URL|HOST:PORT=URL",
            description = "Every remote server's Prometheus endpoint (ZooKeeper 3.6+, metricsProvider.className ="
                    + " ...PrometheusMetricsProvider), {host} standing for the server's host; its process CPU and GC"
                    + " are read from it. HOST:PORT=URL names one server's endpoint by its client address (servers"
                    + " on one host on ports of their own), beside or instead of the template; repeatable, or"
                    + " comma-separated. Default: looked for at http://{host}:7000/metrics, and said unobserved"
                    + " where it is not there.")
    public List<String> prometheus;

    /**
     * Where the endpoints are looked for.
     *
     * @throws ParameterException naming the option when the URL is wrong or the servers are embedded
     */
    public PrometheusLookup lookup(CommandSpec spec, boolean embedded) {
        if (prometheus == null || prometheus.isEmpty()) {
            return PrometheusLookup.discover();
        }
        if (embedded) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--server-prometheus reads servers given with --connect; the embedded servers' processes are"
                            + " read on this machine");
        }
        try {
            return PrometheusLookup.of(prometheus);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--server-prometheus: " + e.getMessage());
        }
    }
}
