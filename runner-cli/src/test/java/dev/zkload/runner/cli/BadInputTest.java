package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.ExitCodes;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Bad input ends with one clear sentence and the documented exit code, and forks nothing. */
class BadInputTest {

    private static void assertUsage(CliRun run, String sentence) {
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains(sentence).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void wrongOptionValuesAreUsageErrors() {
        assertUsage(CliRun.of("latency", "--znode-count", "-5"), "--znode-count must be at least 1, got -5");
        assertUsage(CliRun.of("latency", "--znode-size", "-1"), "--znode-size must be between 0");
        assertUsage(CliRun.of("latency", "--mode", "turbo"), "--mode");
        assertUsage(CliRun.of("latency", "--mode", "rate"), "--mode rate needs --rate OPS");
        assertUsage(CliRun.of("latency", "--connect", "host:notaport"), "--connect: invalid port 'notaport'");
        assertUsage(CliRun.of("latency", "--root", "/"), "root / is refused");
        assertUsage(CliRun.of("latency", "--root", "/zookeeper/config"), "/zookeeper is ZooKeeper's own tree");
        assertUsage(CliRun.of("latency", "--servers", "2"), "--servers must be 1, 3 or 5, got 2");
        assertUsage(
                CliRun.of("latency", "--connect", "127.0.0.1:2181", "--servers", "3"), "cannot be used with --connect");
        assertUsage(CliRun.of("latency", "--server-java-home", "/nonexistent"), "is not a JDK");
        assertUsage(CliRun.of("latency", "--connect-timeout", "soon"), "'soon' is not a duration");
        assertUsage(CliRun.of("--no-such-option"), "Unknown option: '--no-such-option'");
        assertUsage(
                CliRun.of("--resolution", "ten"),
                "'ten' is not a resolution: give a count of domains (e.g. 20) or a percentage of the last stable count"
                        + " (e.g. 10%), 0 or more");
        assertUsage(CliRun.of("--repeat", "0"), "--repeat must be positive, got 0");
        assertUsage(
                CliRun.of("--outstanding-threshold", "0"),
                "--outstanding-threshold must be at least 1, got 0: an idle leader has 0 requests outstanding");
        assertUsage(CliRun.of("--resolution", "100%"), "--resolution 100% cannot narrow anything");
        assertUsage(CliRun.of("--resolution", "250%"), "--resolution 250% cannot narrow anything");
        assertUsage(
                CliRun.of("--step", "10", "--resolution", "10"),
                "--resolution 10 cannot narrow anything: the grid's steps (--step 10) are already that narrow");
        assertUsage(CliRun.of("--add-rate", "Infinity"), "--add-rate must be positive, got Infinity");
        assertUsage(CliRun.of("latency", "--server-heap", "1k"), "--server-heap 1k is below 4m");
        assertUsage(CliRun.of("latency", "--server-heap", "0"), "--server-heap 0 is below 4m");
        assertUsage(
                CliRun.of("latency", "--connect", "127.0.0.1:2181", "--server-heap", "2g"),
                "cannot be used with --connect");
        assertUsage(
                CliRun.of("connections", "--clients", "5", "--session-timeout", "0s"),
                "--session-timeout must be positive");
        assertUsage(
                CliRun.of("--repeat", "2", "--json"), "--json prints one run's summary, and --repeat makes several");
        assertUsage(
                CliRun.of("--repeat", "2", "--keep", "--connect", "127.0.0.1:2181"),
                "--repeat runs one whole ramp after another: it goes with neither --keep");
        assertUsage(
                CliRun.of(
                        "--resolution",
                        "5%",
                        "--shard",
                        "1/2",
                        "--start-at",
                        "2026-11-22T20:00:00Z",
                        "--step-interval",
                        "5m"),
                "--resolution narrows a ramp of its own by bisection; the shards of --shard 1/2 follow one schedule");
        assertUsage(CliRun.of("clean", "--connect", "127.0.0.1:2181", "--root", "/"), "--root / is refused");
    }

    @Test
    void aPrometheusEndpointIsForServersGivenWithConnectAndAnHttpUrl() {
        assertUsage(
                CliRun.of("--server-prometheus", "http://{host}:7000/metrics"),
                "--server-prometheus reads servers given with --connect");
        assertUsage(
                CliRun.of("--connect", "127.0.0.1:2181", "--server-prometheus", "{host}:7000"),
                "--server-prometheus: not an http(s) URL: {host}:7000");
        assertUsage(
                CliRun.of(
                        "--connect",
                        "127.0.0.1:2181",
                        "--server-prometheus",
                        "http://{host}:7000/metrics",
                        "--server-prometheus",
                        "127.0.0.1:2181=http://127.0.0.1:7001/metrics,zk2=http://zk2:7002/metrics"),
                "--server-prometheus: zk2=http://zk2:7002/metrics does not name one server as HOST:PORT=URL (no client"
                        + " port after the host)");
    }

    @Test
    void aBadThresholdIsRefusedBeforeTheRunPointingAtTheBadToken() {
        assertUsage(
                CliRun.of("latency", "--threshold", "p99(gett)<5ms"),
                "--threshold \"p99(gett)<5ms\": \"gett\" (character 5) is not an operation; give one of create,");
        assertUsage(
                CliRun.of("latency", "--threshold", "p99(get)<5"),
                "--threshold \"p99(get)<5\": \"5\" (character 10) needs a unit");
        assertUsage(
                CliRun.of("simulate", "--domains", "1", "--threshold", "max-stable-domains>=3"),
                "\"max-stable-domains\" (character 1) is not a metric of simulate");
        assertUsage(
                CliRun.of("--domains", "300", "--threshold", "p99(create)<20ms@250"),
                "--threshold \"p99(create)<20ms@250\": @250 is not a step of this run; its steps have 100, 200, 300"
                        + " domains");
        assertUsage(
                CliRun.of(
                        "--shard",
                        "1/2",
                        "--start-at",
                        "2030-01-01T00:00:00Z",
                        "--step-interval",
                        "10m",
                        "--threshold",
                        "error-rate<1%"),
                "--threshold is judged on the merged run of all shards");
    }

    @Test
    void wrongSecurityAndVersionOptionsAreUsageErrorsThatNeverEchoASecret() {
        CliRun badAuth = CliRun.of("latency", "--auth", "digest:alice");
        assertUsage(badAuth, "--auth must be digest:USER:PASSWORD");
        CliRun otherScheme = CliRun.of("latency", "--auth", "ip:Sup3rSecret");
        assertUsage(otherScheme, "--auth must be digest:USER:PASSWORD");
        assertThat(otherScheme.err()).doesNotContain("Sup3rSecret");
        assertUsage(
                CliRun.of("latency", "--tls-truststore-password", "Sup3rSecret"),
                "--tls-truststore-password takes file:PATH or env:NAME");
        assertUsage(
                CliRun.of("latency", "--auth", "env:ZKLOAD_NO_SUCH_VARIABLE"),
                "--auth: the environment variable ZKLOAD_NO_SUCH_VARIABLE is not set");
        assertUsage(CliRun.of("latency", "--auth", "file:/nonexistent/auth"), "--auth: cannot read /nonexistent/auth");
        assertUsage(CliRun.of("latency", "--secure-root"), "--secure-root needs an identity");
        assertUsage(
                CliRun.of("latency", "--tls-truststore", "/nonexistent/trust.p12"), "--tls-truststore: cannot read");
        assertUsage(CliRun.of("latency", "--server-version", "3.4"), "--server-version: a ZooKeeper version is three");
        assertUsage(CliRun.of("latency", "--server-version", "3.3.6"), "older than 3.4.0");
        assertUsage(
                CliRun.of("latency", "--server-version", "3.4.14", "--embedded-tls"),
                "--embedded-tls needs ZooKeeper 3.5 or later");
        assertUsage(
                CliRun.of("latency", "--server-preset", "report-2017", "--embedded-tls"),
                "--embedded-tls needs ZooKeeper 3.5 or later");
        assertUsage(CliRun.of("latency", "--server-preset", "fastest"), "--server-preset: the presets are");
        assertUsage(CliRun.of("latency", "--embedded-sasl", "kerberos"), "--embedded-sasl supports 'digest'");
        assertUsage(
                CliRun.of("latency", "--server-version", "3.8.4", "--server-home", "/tmp"),
                "--server-version and --server-home both name");
        assertUsage(
                CliRun.of("latency", "--connect", "127.0.0.1:2181", "--embedded-tls"), "cannot be used with --connect");
    }

    @Test
    void anOptionValueSpelledLikeACommandIsTheValue() {
        // "ensemble" is also a subcommand: it must not end --bench-target's value
        CliRun run = CliRun.of(
                "--bench-target",
                "ensemble",
                "--connect",
                "127.0.0.1:1",
                "--connect-timeout",
                "1s",
                "--out",
                System.getProperty("java.io.tmpdir") + "/zkload-bench-target-"
                        + ProcessHandle.current().pid());
        assertThat(run.err()).doesNotContain("Expected parameter").contains("cannot reach ZooKeeper at 127.0.0.1:1");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.RUNTIME_FAILURE);
    }

    @Test
    void aClosedPortFailsWithinAShortConnectTimeoutAndIsSaidToRefuseAtOnceWithTheDefault() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        Instant start = Instant.now();
        CliRun run = latencyAt(closed, "--connect-timeout", "2s");
        assertThat(Duration.between(start, Instant.now())).isLessThan(Duration.ofSeconds(15));
        assertThat(run.exitCode()).isEqualTo(ExitCodes.RUNTIME_FAILURE);
        assertThat(run.err())
                .contains("cannot reach ZooKeeper at 127.0.0.1:" + closed + " within 2 s")
                .doesNotContain("\tat ");

        // the default --connect-timeout, 15 s: a port that refuses is said to, at once
        start = Instant.now();
        CliRun refused = latencyAt(closed);
        assertThat(Duration.between(start, Instant.now())).isLessThan(Duration.ofSeconds(8));
        assertThat(refused.exitCode()).isEqualTo(ExitCodes.RUNTIME_FAILURE);
        assertThat(refused.err())
                .contains("cannot reach ZooKeeper at 127.0.0.1:" + closed
                        + ": connection refused (nothing listens there; is the ensemble up and the address right?)")
                .doesNotContain("\tat ");
    }

    private static CliRun latencyAt(int port, String... more) {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of(
                "latency",
                "--connect",
                "127.0.0.1:" + port,
                "--out",
                System.getProperty("java.io.tmpdir") + "/zkload-unreachable-" + port));
        args.addAll(java.util.List.of(more));
        return CliRun.of(args.toArray(String[]::new));
    }
}
