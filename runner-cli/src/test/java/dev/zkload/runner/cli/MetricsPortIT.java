package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.runner.ExitCodes;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --metrics-port} while {@code simulate} holds a domain: what Prometheus would scrape. */
class MetricsPortIT {
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Test
    void servesTheSimulatedSessionsMetersWhileTheRunLastsAndStopsAfter(@TempDir Path out) throws Exception {
        int port = freePort();
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("512m").build()) {
            zk.start();
            CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(() -> CliRun.of(
                    "simulate",
                    "--connect",
                    zk.connectString(),
                    "--domains",
                    "1",
                    "--duration",
                    "15s",
                    "--out",
                    out.toString(),
                    "--metrics-port",
                    Integer.toString(port),
                    "--metrics-address",
                    "127.0.0.1"));
            await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(500))
                    .ignoreExceptions()
                    .until(() -> value(scrape(port), "zkload_sim_domains") == 1.0);
            String metrics = scrape(port);
            assertThat(value(metrics, "zkload_sim_sessions_open")).isEqualTo(5.0);
            assertThat(value(metrics, "zkload_sim_operations_total{kind=\"create\"}"))
                    .isGreaterThan(0);
            assertThat(value(metrics, "zkload_sim_operations_total{kind=\"exists\"}"))
                    .isGreaterThan(0);
            assertThat(value(metrics, "zkload_sim_session_events_total{kind=\"expired\"}"))
                    .isZero();
            assertThat(metrics).contains("jvm_threads_live_threads");

            CliRun done = run.get();
            assertThat(done.exitCode()).as(done.err()).isEqualTo(ExitCodes.OK);
            assertThat(done.out()).contains("Serving meters for Prometheus on port " + port);
            assertThatThrownBy(() -> scrape(port))
                    .as("the endpoint is gone with the run")
                    .isInstanceOf(IOException.class);
        }
    }

    @Test
    void aPortOutOfRangeIsBadUsage() {
        CliRun run = CliRun.of("simulate", "--connect", "127.0.0.1:1", "--domains", "1", "--metrics-port", "70000");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("--metrics-port must be between 0 and 65535, got 70000");
    }

    @Test
    void aPortInUseIsOneSentenceAndNoRun(@TempDir Path out) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            CliRun run = CliRun.of(
                    "simulate",
                    "--connect",
                    "127.0.0.1:1",
                    "--domains",
                    "1",
                    "--out",
                    out.toString(),
                    "--metrics-port",
                    Integer.toString(taken.getLocalPort()),
                    "--metrics-address",
                    "127.0.0.1");
            assertThat(run.exitCode()).isEqualTo(ExitCodes.RUNTIME_FAILURE);
            assertThat(run.err())
                    .contains("--metrics-port: cannot listen on 127.0.0.1:" + taken.getLocalPort())
                    .doesNotContain("\tat ");
        }
    }

    private String scrape(int port) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                        .timeout(Duration.ofSeconds(5))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type"))
                .hasValueSatisfying(t -> assertThat(t).startsWith("text/plain"));
        return r.body();
    }

    /** A series' value: its name and the tags given (the fleet's {@code root} tag and any other besides). */
    private static double value(String metrics, String series) {
        int brace = series.indexOf('{');
        String name = brace < 0 ? series : series.substring(0, brace);
        String tag = brace < 0 ? "" : series.substring(brace + 1, series.length() - 1);
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "(\\{[^}]*\\})? (\\S+)$")
                .matcher(metrics);
        while (m.find()) {
            if (m.group(1) == null ? tag.isEmpty() : m.group(1).contains(tag)) {
                return Double.parseDouble(m.group(2));
            }
        }
        throw new AssertionError(series + " not in the scrape");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
