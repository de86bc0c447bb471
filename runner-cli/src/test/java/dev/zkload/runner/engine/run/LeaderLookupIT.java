package dev.zkload.runner.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.cli.CliRun;
import dev.zkload.zk.connect.ServerAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code --connect} that names no leader, on a real quorum of three voters and two observers whose whitelist
 * leaves {@code conf} out (the AdminServer answers for it): naming the observers alone, the ramp finds the leader in
 * the membership an observer's AdminServer publishes, reads and benchmarks it, and judges its steps (the leader is
 * then a server a {@code --server-prometheus} entry may name); naming the followers alone with no AdminServer to
 * answer, it is refused before anything is written.
 */
class LeaderLookupIT {
    private static LocalEnsemble zk;

    @BeforeAll
    static void start() throws Exception {
        zk = LocalEnsemble.builder()
                .servers(3)
                .observers(2)
                .heap("256m")
                .zooCfg("4lw.commands.whitelist", "srvr,mntr,cons")
                .build();
        zk.start();
    }

    @AfterAll
    static void stop() {
        zk.close();
    }

    @Test
    void observersAloneAreReadWithTheLeaderTheirMembershipNames(@TempDir Path dir) throws Exception {
        List<ServerAddress> observers = observers();
        ServerAddress leader = leader();
        String connect = connect(observers);
        Path out = dir.resolve("observers");

        CliRun run = CliRun.of(ramp(
                connect, out, "--admin-port", Integer.toString(observers.get(0).adminPort())));

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        String console = run.out() + run.err();
        assertThat(console)
                .contains("warning: --connect names no leader ("
                        + observers.get(0).hostPort() + ": observer, "
                        + observers.get(1).hostPort() + ": observer): zkload reads the leader too, "
                        + leader.hostPort() + ", found in " + observers.get(0).hostPort()
                        + "'s membership (admin http://127.0.0.1:"
                        + observers.get(0).adminPort() + "/commands), for its statistics, its resources and the"
                        + " seven-op benchmark; the simulated sessions connect only to the servers --connect names")
                .doesNotContain("not the leader");
        JsonNode target = OneDomainRamp.json(out.resolve("run.json")).get("target");
        assertThat(target.get("connectString").asText())
                .as("the simulated sessions keep to the servers --connect names")
                .isEqualTo(connect);
        assertThat(target.get("servers"))
                .extracting(s -> s.get("server").asText() + " " + s.get("mode").asText())
                .containsExactly(
                        observers.get(0).hostPort() + " observer",
                        observers.get(1).hostPort() + " observer",
                        leader.hostPort() + " leader");
        assertThat(target.at("/added/" + leader.hostPort()).asText())
                .startsWith("the leader, which --connect does not name: found in "
                        + observers.get(0).hostPort());
        assertThat(OneDomainRamp.json(out.resolve("run.json"))
                        .at("/settings/benchmarked")
                        .asText())
                .isEqualTo("leader " + leader.hostPort());

        JsonNode step = OneDomainRamp.lastStep(out);
        assertThat(step.get("domains").asInt()).isEqualTo(1);
        assertThat(step.get("verdict").asText())
                .as("judged on the leader's queue")
                .isEqualTo("stable");
        assertThat(step.get("saturationObservable").asBoolean()).isTrue();
        assertThat(step.at("/serverMetrics/leaderRounds").asInt())
                .isPositive()
                .isEqualTo(step.at("/serverMetrics/rounds").asInt());
        assertThat(step.at("/ensembleEvents/leader").asText()).isEqualTo(leader.hostPort());
        List<String> leaderRows = Files.readAllLines(out.resolve("server-metrics.csv")).stream()
                .filter(l -> l.contains("," + leader.hostPort() + ","))
                .toList();
        assertThat(leaderRows).as("the leader sampled each second").hasSizeGreaterThan(3);
    }

    @Test
    void followersAloneWithoutTheMembershipAreRefusedBeforeAnythingIsWritten(@TempDir Path dir) throws Exception {
        int leaderId = zk.leader();
        List<ServerAddress> followers = IntStream.rangeClosed(1, 3)
                .filter(id -> id != leaderId)
                .mapToObj(id -> zk.servers().get(id - 1))
                .toList();
        long before = nodeCount();
        Path out = dir.resolve("followers");

        CliRun run = CliRun.of(ramp(
                connect(followers),
                out,
                // no AdminServer answers there, as none does on an ensemble that keeps it off
                "--admin-url",
                "http://{host}:1/commands"));

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.RUNTIME_FAILURE);
        assertThat(run.err())
                .startsWith(
                        "zkload: --connect names no leader (" + followers.get(0).hostPort() + ": follower, "
                                + followers.get(1).hostPort() + ": follower), and the leader's queue, which decides"
                                + " saturation, cannot be judged without the leader's address: the ensemble's membership")
                .contains(followers.get(0).hostPort() + ": \"conf\" is not in 4lw.commands.whitelist and no"
                        + " AdminServer answers at http://127.0.0.1:1/commands/voting_view (connection refused)")
                .contains("add the leader's address to --connect, or add \"conf\" to 4lw.commands.whitelist");
        assertThat(run.err().lines().count()).as("one sentence").isEqualTo(1);
        assertThat(out).as("no results folder for a refused run").doesNotExist();
        assertThat(nodeCount()).as("nothing written on the ensemble").isEqualTo(before);
    }

    @Test
    void aPrometheusEndpointNamedForAServerTheRunDoesNotReadIsBadUsage(@TempDir Path dir) throws Exception {
        List<ServerAddress> observers = observers();
        ServerAddress leader = leader();
        long before = nodeCount();
        Path out = dir.resolve("unknown");

        CliRun run = CliRun.of(ramp(
                connect(observers),
                out,
                "--admin-port",
                Integer.toString(observers.get(0).adminPort()),
                "--server-prometheus",
                // the leader the preflight adds is a server the run reads; port 9 of loopback is none
                leader.hostPort() + "=http://127.0.0.1:1/metrics,127.0.0.1:9=http://127.0.0.1:1/metrics"));

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err())
                .contains("zkload: --server-prometheus names 127.0.0.1:9, which is not a server this run reads ("
                        + observers.get(0).hostPort() + ", " + observers.get(1).hostPort() + ", " + leader.hostPort()
                        + "); name each server by its client address");
        assertThat(out).as("no results folder for a refused run").doesNotExist();
        assertThat(nodeCount()).as("nothing written on the ensemble").isEqualTo(before);
    }

    private static String[] ramp(String connect, Path out, String... more) {
        return OneDomainRamp.args(connect, out, more);
    }

    /** The leader's znodes: every write goes through it. */
    private static long nodeCount() throws Exception {
        return OneDomainRamp.nodeCount(leader());
    }

    private static ServerAddress leader() {
        return zk.servers().get(zk.leader() - 1);
    }

    private static String connect(List<ServerAddress> servers) {
        return servers.stream().map(ServerAddress::hostPort).collect(java.util.stream.Collectors.joining(","));
    }

    private static List<ServerAddress> observers() {
        return zk.observers().stream().map(id -> zk.servers().get(id - 1)).toList();
    }
}
