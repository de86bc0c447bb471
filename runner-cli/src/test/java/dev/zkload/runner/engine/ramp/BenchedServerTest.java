package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.result.ServerCheck;
import java.util.List;
import org.junit.jupiter.api.Test;

class BenchedServerTest {

    private static ServerCheck server(String hostPort, String mode) {
        return new ServerCheck(hostPort, "3.9.4", mode, "4lw");
    }

    @Test
    void aConnectStringNamingOneFollowerBenchmarksThatFollowerAndSaysSo() {
        BenchedServer b = BenchedServer.of(RampPlan.BenchTarget.LEADER, List.of(server("127.0.0.1:2182", "follower")))
                .orElseThrow();

        assertThat(b.describe()).isEqualTo("follower 127.0.0.1:2182: --connect names no leader");
        assertThat(b.warning())
                .contains("The seven-op benchmark runs against follower 127.0.0.1:2182, not the leader: --connect"
                        + " names no leader; add the leader's address to --connect to benchmark the leader");
    }

    @Test
    void theLeaderAmongTheConnectServersIsBenchmarkedWithoutAWarning() {
        BenchedServer b = BenchedServer.of(
                        RampPlan.BenchTarget.LEADER,
                        List.of(
                                server("127.0.0.1:2181", "follower"),
                                server("127.0.0.1:2182", "leader"),
                                server("127.0.0.1:2183", "follower")))
                .orElseThrow();

        assertThat(b.describe()).isEqualTo("leader 127.0.0.1:2182");
        assertThat(b.warning()).isEmpty();
        assertThat(BenchedServer.of(RampPlan.BenchTarget.LEADER, List.of(server("127.0.0.1:2181", "standalone")))
                        .orElseThrow()
                        .describe())
                .isEqualTo("standalone 127.0.0.1:2181");
    }

    @Test
    void severalFollowersAreTheClientsPickAndUnknownRolesAreSaidToBeUnknown() {
        assertThat(BenchedServer.of(
                                RampPlan.BenchTarget.LEADER,
                                List.of(server("127.0.0.1:2182", "follower"), server("127.0.0.1:2183", "follower")))
                        .orElseThrow()
                        .describe())
                .isEqualTo(
                        "a follower of 127.0.0.1:2182, 127.0.0.1:2183 (the client's pick): --connect names no leader");
        assertThat(BenchedServer.of(RampPlan.BenchTarget.LEADER, List.of(server("127.0.0.1:2182", "unknown")))
                        .orElseThrow()
                        .describe())
                .isEqualTo("unknown 127.0.0.1:2182: no server's role could be read");
    }

    @Test
    void observersAreCalledObservers() {
        BenchedServer b = BenchedServer.of(
                        RampPlan.BenchTarget.LEADER,
                        List.of(server("127.0.0.1:2184", "observer"), server("127.0.0.1:2185", "observer")))
                .orElseThrow();

        assertThat(b.describe())
                .isEqualTo(
                        "an observer of 127.0.0.1:2184, 127.0.0.1:2185 (the client's pick): --connect names no leader");
        assertThat(BenchedServer.of(
                                RampPlan.BenchTarget.LEADER,
                                List.of(server("127.0.0.1:2182", "follower"), server("127.0.0.1:2184", "observer")))
                        .orElseThrow()
                        .describe())
                .startsWith("a non-leader of 127.0.0.1:2182, 127.0.0.1:2184");
    }

    @Test
    void theWholeEnsembleOrEachServerNeedsNoNote() {
        List<ServerCheck> followers = List.of(server("127.0.0.1:2182", "follower"));
        assertThat(BenchedServer.of(RampPlan.BenchTarget.ENSEMBLE, followers)).isEmpty();
        assertThat(BenchedServer.of(RampPlan.BenchTarget.EACH, followers)).isEmpty();
    }
}
