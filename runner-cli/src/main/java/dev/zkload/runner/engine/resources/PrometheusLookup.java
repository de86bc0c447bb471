package dev.zkload.runner.engine.resources;

import dev.zkload.bench.stats.PrometheusEndpoint;
import dev.zkload.runner.RunFailure;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Where the Prometheus endpoints of servers on other machines are looked for: the process CPU and GC that zkload
 * reads from {@code /proc} for a server on this machine, a remote server's ZooKeeper tells through its own metrics
 * provider (3.6 and later). An endpoint the user gave must answer, as a server's statistics must; one looked for at
 * its default place and not found leaves those figures unobserved, and the run says so.
 */
public final class PrometheusLookup {
    /** Not looked for: a command that reads no server's process. */
    public static final PrometheusLookup NONE = new PrometheusLookup(null, false);

    private final String template;
    private final boolean given;

    PrometheusLookup(String template, boolean given) {
        this.template = template;
        this.given = given;
    }

    /** Looked for where ZooKeeper serves it by default: {@code http://{host}:7000/metrics}. */
    public static PrometheusLookup discover() {
        return new PrometheusLookup(PrometheusEndpoint.DEFAULT_TEMPLATE, false);
    }

    /**
     * Read where the user says, {@code {host}} standing for each server's host.
     *
     * @throws IllegalArgumentException when the template is not an http(s) URL
     */
    public static PrometheusLookup given(String template) {
        URI u;
        try {
            u = URI.create(template.replace("{host}", "host"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a URL: " + template, e);
        }
        if (!("http".equals(u.getScheme()) || "https".equals(u.getScheme())) || u.getHost() == null) {
            throw new IllegalArgumentException("not an http(s) URL: " + template
                    + " (e.g. http://{host}:7000/metrics, {host} standing for each" + " server's host)");
        }
        return new PrometheusLookup(template, true);
    }

    /**
     * The endpoint of each server that does not run on this machine, by host:port; none for an embedded ensemble.
     *
     * @param warn where to say what was not found, or that a given template is read for no server
     * @throws RunFailure when an endpoint the user gave does not answer as a ZooKeeper's
     */
    public Map<String, PrometheusEndpoint> find(List<ServerAddress> servers, boolean embedded, Consumer<String> warn)
            throws InterruptedException {
        if (template == null || embedded) {
            return Map.of();
        }
        return endpoints(
                servers.stream().filter(s -> !ServerProcesses.onThisMachine(s)).toList(), warn);
    }

    /** The endpoint of each of {@code remote}, by host:port. */
    Map<String, PrometheusEndpoint> endpoints(List<ServerAddress> remote, Consumer<String> warn)
            throws InterruptedException {
        Map<String, PrometheusEndpoint> found = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        for (ServerAddress s : remote) {
            PrometheusEndpoint e = PrometheusEndpoint.of(template, s);
            try {
                e.read();
                found.put(s.hostPort(), e);
            } catch (IOException x) {
                if (given) {
                    throw new RunFailure(
                            "--server-prometheus: " + x.getMessage()
                                    + "; start ZooKeeper's Prometheus metrics provider on " + s.hostPort()
                                    + " (metricsProvider.className in zoo.cfg), or leave the option out",
                            x);
                }
                missing.add(s.hostPort());
            }
        }
        if (!missing.isEmpty()) {
            warn.accept("no Prometheus endpoint at " + template + " for " + String.join(", ", missing)
                    + ": their CPU and GC will not be observed (give --server-prometheus URL where ZooKeeper's"
                    + " metrics provider serves them)");
        } else if (given && found.isEmpty()) {
            warn.accept("--server-prometheus: every server runs on this machine, and zkload reads their processes"
                    + " itself; no endpoint is read");
        }
        return found;
    }
}
