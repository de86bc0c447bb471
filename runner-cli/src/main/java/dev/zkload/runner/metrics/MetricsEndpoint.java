package dev.zkload.runner.metrics;

import dev.zkload.runner.cli.options.MetricsOptions;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.zkload.runner.RunFailure;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * {@code GET /metrics} in the Prometheus text format, on the JDK's own HTTP server (one thread, no
 * framework): the meters the fleet registers plus the JVM's threads, memory, GC and CPU, which is
 * what tells an operator that the runner itself, not the ensemble, is the bottleneck.
 */
public final class MetricsEndpoint implements AutoCloseable {
    private static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final PrometheusMeterRegistry registry;
    private final HttpServer server;
    private final JvmGcMetrics gc = new JvmGcMetrics();

    private MetricsEndpoint(PrometheusMeterRegistry registry, HttpServer server) {
        this.registry = registry;
        this.server = server;
    }

    /** The endpoint the options ask for, started; empty when {@code --metrics-port} was not given. */
    public static Optional<MetricsEndpoint> start(MetricsOptions options) {
        if (options.port == null) {
            return Optional.empty();
        }
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(options.address, options.port), 16);
        } catch (IOException e) {
            throw new RunFailure("--metrics-port: cannot listen on " + options.address + ":" + options.port + ": "
                    + e.getMessage(), e);
        }
        MetricsEndpoint endpoint = new MetricsEndpoint(registry, server);
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        endpoint.gc.bindTo(registry);
        server.createContext("/metrics", endpoint::serve);
        server.start();
        return Optional.of(endpoint);
    }

    public MeterRegistry registry() {
        return registry;
    }

    /** The port it listens on (the chosen one when {@code --metrics-port 0}). */
    public int port() {
        return server.getAddress().getPort();
    }

    private void serve(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!"GET".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        gc.close();
        registry.close();
    }
}
