package dev.zkload.bench.stats;

import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A ZooKeeper server's own Prometheus endpoint ({@code metricsProvider.className=
 * org.apache.zookeeper.metrics.prometheus.PrometheusMetricsProvider}, ZooKeeper 3.6 and later, on
 * {@code metricsProvider.httpPort}, 7000 by default): what it says of its process where zkload cannot read the
 * process itself — a server on another machine. Its text is read whole at each call: a few hundred lines.
 *
 * @param url the endpoint, e.g. {@code http://10.0.0.5:7000/metrics}
 */
public record PrometheusEndpoint(URI url) {
    /** Where a server's endpoint is when nothing says otherwise; {@code {host}} stands for the server's host. */
    public static final String DEFAULT_TEMPLATE = "http://{host}:7000/metrics";

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /** The endpoint of {@code server} by {@code template} ({@code http://{host}:7000/metrics}). */
    public static PrometheusEndpoint of(String template, ServerAddress server) {
        String host = server.host();
        // an IPv6 address goes in brackets in a URL, as in a connect string
        if (host.indexOf(':') >= 0 && !host.startsWith("[")) {
            host = "[" + host + "]";
        }
        return new PrometheusEndpoint(URI.create(template.replace("{host}", host)));
    }

    /**
     * What the endpoint says now.
     *
     * @throws IOException when it does not answer, answers with another status, or is not a ZooKeeper's
     */
    public PrometheusReading read() throws IOException, InterruptedException {
        HttpResponse<String> r;
        try {
            r = HTTP.send(
                    HttpRequest.newBuilder(url)
                            .timeout(Duration.ofSeconds(2))
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IOException(url + " does not answer (" + (e.getMessage() == null ? e : e.getMessage()) + ")", e);
        } catch (IllegalArgumentException e) {
            throw new IOException(url + " is not a URL to read (" + e.getMessage() + ")", e);
        }
        if (r.statusCode() != 200) {
            throw new IOException(url + " answers HTTP " + r.statusCode());
        }
        Map<String, Double> samples = parse(r.body());
        if (samples.keySet().stream().noneMatch(k -> k.startsWith("znode_count"))) {
            throw new IOException(url + " answers, but not with a ZooKeeper server's metrics (no znode_count)");
        }
        return PrometheusReading.of(System.nanoTime(), samples);
    }

    /**
     * The samples of Prometheus's text format, by name and labels as written ({@code jvm_gc_collection_seconds_sum{gc="G1
     * Young Generation",}}); comments and unparsable lines are skipped.
     */
    static Map<String, Double> parse(String text) {
        Map<String, Double> samples = new LinkedHashMap<>();
        for (String line : text.split("\n", -1)) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            // the value follows the last space outside the labels' quotes; a timestamp may follow it
            int close = l.lastIndexOf('}');
            String rest = l.substring(close + 1).strip();
            String key = close < 0 ? rest.substring(0, Math.max(0, rest.indexOf(' '))) : l.substring(0, close + 1);
            String value = close < 0 ? rest.substring(rest.indexOf(' ') + 1).strip() : rest;
            int space = value.indexOf(' ');
            try {
                samples.put(key, Double.parseDouble(space < 0 ? value : value.substring(0, space)));
            } catch (NumberFormatException e) {
                // a value that is not a number (a malformed line): not a sample this reads
            }
        }
        return samples;
    }
}
