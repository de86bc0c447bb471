package dev.zkload.bench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.machine.ProcessCpu;
import dev.zkload.bench.machine.ProcessUsage;
import dev.zkload.bench.testing.PrometheusServers;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A real server with ZooKeeper's Prometheus metrics provider: what its endpoint says of its process agrees with what
 * {@code /proc} says of the same process over the same window.
 */
class PrometheusEndpointIT {
    @Test
    void theEndpointsCpuTimeIsTheProcesssAndItsGcTotalsAreRead() throws Exception {
        int port = PrometheusServers.freePort();
        try (LocalEnsemble zk = PrometheusServers.standalone(port)) {
            zk.start();
            ServerAddress server = zk.servers().get(0);
            PrometheusEndpoint endpoint = PrometheusEndpoint.of("http://{host}:" + port + "/metrics", server);
            assertThat(endpoint.url().toString()).isEqualTo("http://" + server.host() + ":" + port + "/metrics");
            long pid = zk.processStats(1).pid();

            ProcessCpu procBefore = ProcessCpu.read(pid).orElseThrow();
            long start = System.nanoTime();
            PrometheusReading before = endpoint.read();
            PrometheusServers.work(server.hostPort());
            PrometheusReading after = endpoint.read();
            ProcessUsage proc = ProcessCpu.read(pid)
                    .orElseThrow()
                    .usageSince(procBefore, (System.nanoTime() - start) / 1e9)
                    .orElseThrow();

            PrometheusReading.Usage usage = after.usageSince(before).orElseThrow();
            assertThat(proc.cores()).as("the server worked").isGreaterThan(0.05);
            // the two are read a few ms apart, by different clocks: agree within a fifth, or 0.03 of a core
            assertThat(usage.cores())
                    .as("cores by Prometheus against /proc (%.3f)", proc.cores())
                    .isBetween(
                            Math.min(proc.cores() * 0.8, proc.cores() - 0.03),
                            Math.max(proc.cores() * 1.2, proc.cores() + 0.03));
            assertThat(usage.gcPauses())
                    .as("G1's young and old collectors are exported")
                    .isNotNull();
            assertThat(usage.gcTotalMs()).isNotNull().isGreaterThanOrEqualTo(0.0);
            assertThat(after.cpuSeconds()).isGreaterThan(before.cpuSeconds());
            // with Prometheus as its metrics provider, mntr still gives the summaries the verdict reads
            ServerStats stats = new StatsClient(java.time.Duration.ofSeconds(5)).monitor(server);
            assertThat(stats.summary("fsynctime"))
                    .as(
                            "mntr's fsynctime from a server whose provider is Prometheus's: %s",
                            stats.raw().keySet())
                    .hasValueSatisfying(f -> assertThat(f.count()).isGreaterThanOrEqualTo(4000));
        }
    }

    @Test
    void anEndpointThatIsNotAZooKeepersOrDoesNotAnswerIsSaidSo() throws Exception {
        HttpServer other = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        other.createContext("/metrics", x -> {
            byte[] body = "process_cpu_seconds_total 1.0\n".getBytes(StandardCharsets.UTF_8);
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        other.start();
        try {
            String url = "http://127.0.0.1:" + other.getAddress().getPort() + "/metrics";
            assertThatThrownBy(() -> new PrometheusEndpoint(java.net.URI.create(url)).read())
                    .isInstanceOf(IOException.class)
                    .hasMessage(url + " answers, but not with a ZooKeeper server's metrics (no znode_count)");
            String missing = "http://127.0.0.1:" + other.getAddress().getPort() + "/nothing";
            assertThatThrownBy(() -> new PrometheusEndpoint(java.net.URI.create(missing)).read())
                    .hasMessage(missing + " answers HTTP 404");
        } finally {
            other.stop(0);
        }
        String closed = "http://127.0.0.1:" + PrometheusServers.freePort() + "/metrics";
        assertThatThrownBy(() -> new PrometheusEndpoint(java.net.URI.create(closed)).read())
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith(closed + " does not answer");
    }
}
