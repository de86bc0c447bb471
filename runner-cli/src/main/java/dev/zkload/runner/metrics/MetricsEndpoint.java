package dev.zkload.runner.metrics;

import dev.zkload.runner.RunFailure;
import dev.zkload.runner.cli.options.MetricsOptions;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import java.io.IOException;
import java.util.Optional;

/**
 * {@code GET /metrics} in the Prometheus text format, served by the Prometheus client's own HTTP
 * exporter from Micrometer's Prometheus registry: the meters the fleet registers plus the JVM's
 * threads, memory, GC and CPU, which is what tells an operator that the runner itself, not the
 * ensemble, is the bottleneck.
 */
public final class MetricsEndpoint implements AutoCloseable {
    private final PrometheusMeterRegistry registry;
    private final HTTPServer server;
    private final JvmGcMetrics gc;

    private MetricsEndpoint(PrometheusMeterRegistry registry, HTTPServer server, JvmGcMetrics gc) {
        this.registry = registry;
        this.server = server;
        this.gc = gc;
    }

    /** The endpoint the options ask for, started; empty when {@code --metrics-port} was not given. */
    public static Optional<MetricsEndpoint> start(MetricsOptions options) {
        if (options.port == null) {
            return Optional.empty();
        }
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        HTTPServer server;
        try {
            server = HTTPServer.builder().hostname(options.address).port(options.port)
                    .registry(registry.getPrometheusRegistry()).buildAndStart();
        } catch (IOException e) {
            registry.close();
            throw new RunFailure("--metrics-port: cannot listen on " + options.address + ":" + options.port + ": "
                    + e.getMessage(), e);
        }
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        JvmGcMetrics gc = new JvmGcMetrics();
        gc.bindTo(registry);
        return Optional.of(new MetricsEndpoint(registry, server, gc));
    }

    public MeterRegistry registry() {
        return registry;
    }

    /** The port it listens on (the chosen one when {@code --metrics-port 0}). */
    public int port() {
        return server.getPort();
    }

    @Override
    public void close() {
        server.close();
        gc.close();
        registry.close();
    }
}
