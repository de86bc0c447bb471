package dev.zkload.runner.engine.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.machine.ProcessUsage;
import dev.zkload.bench.stats.PrometheusEndpoint;
import dev.zkload.bench.stats.PrometheusReading;
import dev.zkload.bench.testing.PrometheusServers;
import dev.zkload.runner.RunFailure;
import dev.zkload.zk.connect.ServerAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A real server with ZooKeeper's Prometheus metrics provider, read as a server on another machine is: the lookup
 * finds its endpoint, by the template or named for the server (or refuses one given that does not answer), and over a window of writes the monitor's figures
 * from the endpoint agree with the same process's from {@code /proc}. Loopback is this machine's, so the test hands
 * the lookup the server as remote itself.
 */
class PrometheusResourcesIT {
    @Test
    void aRemoteServersEndpointIsFoundAndItsCpuAgreesWithTheProcesss() throws Exception {
        int port = PrometheusServers.freePort();
        try (LocalEnsemble zk = PrometheusServers.standalone(port)) {
            zk.start();
            ServerAddress server = zk.servers().get(0);
            List<String> warnings = new ArrayList<>();

            Map<String, PrometheusEndpoint> found = PrometheusLookup.given("http://{host}:" + port + "/metrics")
                    .endpoints(List.of(server), warnings::add);
            assertThat(found).containsOnlyKeys(server.hostPort());
            assertThat(warnings).isEmpty();
            // named by its client address, as servers sharing a host on ports of their own are
            String own = "http://" + server.host() + ":" + port + "/metrics";
            assertThat(PrometheusLookup.of(List.of(server.hostPort() + "=" + own, "http://{host}:1/metrics"))
                            .endpoints(List.of(server), warnings::add))
                    .containsOnlyKeys(server.hostPort())
                    .hasValueSatisfying(new org.assertj.core.api.Condition<>(
                            e -> e.url().toString().equals(own), "read at " + own));
            assertThat(warnings).isEmpty();

            int closed = PrometheusServers.freePort();
            assertThatThrownBy(() -> PrometheusLookup.given("http://{host}:" + closed + "/metrics")
                            .endpoints(List.of(server), warnings::add))
                    .isInstanceOf(RunFailure.class)
                    .hasMessageStartingWith(
                            "--server-prometheus: http://" + server.host() + ":" + closed + "/metrics does not answer")
                    .hasMessageContaining("metricsProvider.className");
            // looked for where ZooKeeper serves it by default and not there: said, and the run goes on
            assertThat(new PrometheusLookup("http://{host}:" + closed + "/metrics", false)
                            .endpoints(List.of(server), warnings::add))
                    .isEmpty();
            assertThat(warnings)
                    .singleElement()
                    .asString()
                    .contains("their CPU and GC will not be observed", server.hostPort());

            // the monitor reads the process from /proc (it runs here) and from its endpoint: the two must agree
            ResourceMonitor monitor = new ResourceMonitor(List.of(server), null, found);
            monitor.begin();
            PrometheusServers.work(server.hostPort());
            MachineWindow w = monitor.endWindow();

            ProcessUsage proc = w.servers().get(server.hostPort());
            PrometheusReading.Usage told = w.remote().get(server.hostPort());
            assertThat(proc).as("/proc read the server").isNotNull();
            assertThat(told)
                    .as("the endpoint answered at both ends of the window")
                    .isNotNull();
            assertThat(proc.cores()).as("the server worked").isGreaterThan(0.05);
            assertThat(told.cores())
                    .as("cores by its endpoint against /proc (%.3f)", proc.cores())
                    .isBetween(
                            Math.min(proc.cores() * 0.8, proc.cores() - 0.03),
                            Math.max(proc.cores() * 1.2, proc.cores() + 0.03));
            assertThat(told.gcPauses()).isNotNull();
        }
    }
}
