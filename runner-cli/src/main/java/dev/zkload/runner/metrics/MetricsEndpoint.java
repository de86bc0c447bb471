package dev.zkload.runner.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import java.io.IOException;

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

    /**
     * Starts serving on {@code address:port} (port 0: a free one).
     *
     * @throws IOException when it cannot listen there
     */
    public static MetricsEndpoint start(String address, int port) throws IOException {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        HTTPServer server;
        try {
            server = HTTPServer.builder()
                    .hostname(address)
                    .port(port)
                    .registry(registry.getPrometheusRegistry())
                    .buildAndStart();
        } catch (IOException e) {
            registry.close();
            throw e;
        }
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        JvmGcMetrics gc = new JvmGcMetrics();
        gc.bindTo(registry);
        return new MetricsEndpoint(registry, server, gc);
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
