package dev.zkload.runner.engine.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zkload.runner.RunFailure;
import dev.zkload.zk.connect.ServerAddress;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --server-prometheus}'s values: a template and {@code HOST:PORT=URL} entries, repeated or comma-separated,
 * each server read at its own entry's endpoint or else at the template. Port 1 of loopback takes no connection, so
 * an endpoint there does not answer, and the refusal names the URL each server was looked for at.
 */
class PrometheusLookupTest {
    private static final ServerAddress A = new ServerAddress("127.0.0.1", 2181);
    private static final ServerAddress B = new ServerAddress("127.0.0.1", 2182);
    private static final ServerAddress C = new ServerAddress("127.0.0.1", 2183);

    @Test
    void eachServerIsReadAtTheEndpointNamedForItAndTheOthersAtTheTemplate() {
        PrometheusLookup lookup = PrometheusLookup.of(List.of(
                "http://{host}:1/all",
                "127.0.0.1:2182=http://127.0.0.1:1/two, 127.0.0.1:2183=http://127.0.0.1:1/three"));

        assertThatThrownBy(() -> lookup.endpoints(List.of(B), w -> {}))
                .isInstanceOf(RunFailure.class)
                .hasMessageStartingWith("--server-prometheus: http://127.0.0.1:1/two does not answer")
                .hasMessageContaining("start ZooKeeper's Prometheus metrics provider on 127.0.0.1:2182");
        assertThatThrownBy(() -> lookup.endpoints(List.of(C), w -> {}))
                .hasMessageStartingWith("--server-prometheus: http://127.0.0.1:1/three does not answer");
        assertThatThrownBy(() -> lookup.endpoints(List.of(A), w -> {}))
                .as("a given template must answer too")
                .hasMessageStartingWith("--server-prometheus: http://127.0.0.1:1/all does not answer");
    }

    @Test
    void withoutATemplateTheServersNotNamedAreLookedForWhereZooKeeperServesIt() throws Exception {
        PrometheusLookup lookup = PrometheusLookup.of(List.of("127.0.0.1:2182=http://127.0.0.1:1/two"));
        List<String> warnings = new ArrayList<>();

        assertThat(lookup.endpoints(List.of(A), warnings::add)).isEmpty();
        assertThat(warnings)
                .singleElement()
                .asString()
                .startsWith("no Prometheus endpoint at http://{host}:7000/metrics for 127.0.0.1:2181");
        assertThatThrownBy(() -> lookup.endpoints(List.of(B), w -> {}))
                .hasMessageStartingWith("--server-prometheus: http://127.0.0.1:1/two does not answer");
    }

    @Test
    void anEntryNamingAServerTheRunDoesNotReadIsRefusedBeforeAnyEndpointIsRead() {
        PrometheusLookup lookup = PrometheusLookup.of(List.of(
                "127.0.0.1:2183=http://127.0.0.1:1/three",
                "127.0.0.1:9=http://127.0.0.1:1/x,10.0.0.9:2181=http://h/m"));

        assertThatThrownBy(() -> lookup.find(List.of(A, B, C), false, w -> {}))
                .isInstanceOf(PrometheusLookup.UnknownServer.class)
                .hasMessage("--server-prometheus names 10.0.0.9:2181 and 127.0.0.1:9, which are not servers this run"
                        + " reads (127.0.0.1:2181, 127.0.0.1:2182, 127.0.0.1:2183); name each server by its client"
                        + " address, host:port as --connect gives it");
    }

    @Test
    void aServerOnThisMachineIsReadFromItsProcessNotFromAnEndpointNamedForIt() throws Exception {
        List<String> warnings = new ArrayList<>();
        assertThat(PrometheusLookup.of(List.of("127.0.0.1:2182=http://127.0.0.1:1/two"))
                        .find(List.of(A, B), false, warnings::add))
                .isEmpty();
        assertThat(warnings).singleElement().asString().contains("every server runs on this machine");
    }

    @Test
    void wrongValuesAreRefusedInOneSentenceNamingTheEntry() {
        assertRefused(
                List.of("http://{host}:7000/metrics,http://{host}:7001/metrics"),
                "takes one template ({host} standing for each server's host), got http://{host}:7000/metrics and"
                        + " http://{host}:7001/metrics; name the servers whose endpoints differ one by one, as"
                        + " HOST:PORT=URL");
        assertRefused(List.of("127.0.0.1:2181=http://a/m", "127.0.0.1:2181=http://b/m"), "names 127.0.0.1:2181 twice");
        assertRefused(
                List.of("zk1=http://zk1:7000/metrics"),
                "zk1=http://zk1:7000/metrics does not name one server as HOST:PORT=URL (no client port after the"
                        + " host)");
        assertRefused(
                List.of("zk1:99999=http://zk1:7000/metrics"),
                "zk1:99999=http://zk1:7000/metrics does not name one server as HOST:PORT=URL");
        assertRefused(List.of("zk1:2181=zk1:7000/metrics"), "not an http(s) URL: zk1:7000/metrics");
        assertRefused(List.of("{host}:7000"), "not an http(s) URL: {host}:7000");
        assertRefused(List.of(" "), "names no endpoint");
    }

    @Test
    void aQueryStringsEqualsSignIsPartOfItsTemplate() {
        assertThatThrownBy(() -> PrometheusLookup.of(List.of("http://{host}:1/metrics?name=zk"))
                        .endpoints(List.of(A), w -> {}))
                .hasMessageStartingWith("--server-prometheus: http://127.0.0.1:1/metrics?name=zk does not answer");
    }

    private static void assertRefused(List<String> values, String sentence) {
        assertThatThrownBy(() -> PrometheusLookup.of(values))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(sentence);
    }
}
