package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.stats.ServerState;
import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.runner.result.ConnectionLimit;
import dev.zkload.sim.FleetSnapshot;
import dev.zkload.zk.connect.ServerAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConnectionRefusalsTest {
    private static final ServerAddress A = new ServerAddress("127.0.0.1", 2181);
    private static final ServerAddress B = new ServerAddress("127.0.0.1", 2182);
    /** Every session connected: only the servers' counters can tell a refusal. */
    private static final FleetSnapshot CONNECTED = FleetSnapshot.builder()
            .domains(4)
            .executors(12)
            .consoles(8)
            .jobs(140)
            .sessionsOpen(20)
            .sessionsConnected(20)
            .build();

    private final ConnectionRefusals refusals = new ConnectionRefusals(
            new StatsClient(Duration.ofSeconds(1)),
            List.of(A, B),
            Map.of(A.hostPort(), ConnectionLimit.of(60), B.hostPort(), ConnectionLimit.UNKNOWN),
            () -> CONNECTED);

    @Test
    void aRejectedCounterRisingWithinTheStepNamesTheServerTheCountAndTheLimit() {
        refusals.offer(round(Map.of("zk_connection_rejected", "3"), Map.of("zk_connection_rejected", "0")));
        refusals.beginStep();
        refusals.offer(round(Map.of("zk_connection_rejected", "3"), Map.of("zk_connection_rejected", "0")));
        assertThat(refusals.refused(20, false))
                .as("rejections before the step are not this step's")
                .isEmpty();

        refusals.offer(round(Map.of("zk_connection_rejected", "7"), Map.of("zk_connection_rejected", "1")));

        assertThat(refusals.refused(20, false).orElseThrow())
                .startsWith("127.0.0.1:2181 refused 4 connections (maxClientCnxns=60); 127.0.0.1:2182 refused 1"
                        + " connection (maxClientCnxns unknown) at 20 domains: a server takes at most maxClientCnxns"
                        + " connections from one client address (60 unless its zoo.cfg says otherwise);"
                        + " set maxClientCnxns=0")
                .contains("--shard i/N")
                .doesNotContain("could not connect");
    }

    @Test
    void aServerThatResetsNewConnectionsIsNamedUnlessItJustMissedTheStatistics() throws Exception {
        try (ResettingPort full = new ResettingPort()) {
            ServerAddress f = full.address();
            ConnectionRefusals watch = refusalsOf(f);

            assertThat(watch.refused(2, true).orElseThrow())
                    .startsWith(
                            f.hostPort() + " closes new connections from this runner unanswered (maxClientCnxns=60)");

            watch.offer(List.of(StatsSample.unresponsive(Instant.now(), f, Duration.ofMillis(800))));
            assertThat(watch.refused(2, true))
                    .as("it did not answer the statistics in time: stalled, not full")
                    .isEmpty();
        }
    }

    @Test
    void theOtherLimitsCountersAreNamedWhereTheyMoved() {
        refusals.offer(round(Map.of("zk_throttled_ops", "5", "zk_large_requests_rejected", "0"), Map.of()));
        refusals.beginStep();
        assertThat(refusals.otherLimits()).isEmpty();

        refusals.offer(round(Map.of("zk_throttled_ops", "9", "zk_large_requests_rejected", "2"), Map.of()));

        assertThat(refusals.otherLimits().orElseThrow())
                .contains("127.0.0.1:2181 throttled_ops +4 (requests throttled)")
                .contains("127.0.0.1:2181 large_requests_rejected +2 (requests rejected as too large)")
                .contains("jute.maxbuffer");
        assertThat(refusals.refused(20, false))
                .as("throttling is not a refused connection")
                .isEmpty();
    }

    @Test
    void aServerWhoseStatisticsWentMissingCountsFromItsFirstReadingInTheStep() {
        refusals.beginStep();
        refusals.offer(List.of(new StatsSample(Instant.now(), A, null, "closed", false)));
        refusals.offer(round(Map.of("zk_connection_rejected", "10"), Map.of()));
        assertThat(refusals.refused(20, false)).isEmpty();

        refusals.offer(round(Map.of("zk_connection_rejected", "12"), Map.of()));

        assertThat(refusals.refused(20, false).orElseThrow()).startsWith("127.0.0.1:2181 refused 2 connections");
    }

    @Test
    void aStatisticsConnectionFailingAtOnceHasTheServersAskedAndTheirRefusalsCounted() throws Exception {
        try (ResettingPort full = new ResettingPort()) {
            ServerAddress f = full.address();
            ConnectionRefusals watch = refusalsOf(f);
            watch.beginStep();
            assertThat(watch.refused(2, false))
                    .as("every session connected and no sign of refusals: the servers are not asked")
                    .isEmpty();
            assertThat(watch.counts()).isEmpty();

            watch.offer(List.of(new StatsSample(Instant.now(), f, null, "closed without answering", false)));

            assertThat(watch.refused(2, false).orElseThrow())
                    .startsWith(
                            f.hostPort() + " closes new connections from this runner unanswered (maxClientCnxns=60)");
            assertThat(watch.counts())
                    .as("the connections of zkload's it was seen closing")
                    .containsExactly(Map.entry(f.hostPort(), 1L));
            assertThat(watch.refused(2, false))
                    .as("the sign is taken once: the servers are not asked again without a new one")
                    .isEmpty();

            watch.beginStep();
            assertThat(watch.counts()).as("a new step counts afresh").isEmpty();
        }
    }

    @Test
    void theCountsAreTheServersOwnWhereTheirCounterWasRead() {
        refusals.offer(round(Map.of("zk_connection_rejected", "3"), Map.of("zk_connection_rejected", "0")));
        refusals.beginStep();

        refusals.offer(round(Map.of("zk_connection_rejected", "48"), Map.of("zk_connection_rejected", "0")));

        assertThat(refusals.counts()).containsExactly(Map.entry(A.hostPort(), 45L));
    }

    /** Refusals watched on one server, every session connected, its limit read as 60. */
    static ConnectionRefusals refusalsOf(ServerAddress server) {
        return new ConnectionRefusals(
                new StatsClient(Duration.ofSeconds(1)),
                List.of(server),
                Map.of(server.hostPort(), ConnectionLimit.of(60)),
                () -> CONNECTED);
    }

    private static List<StatsSample> round(Map<String, String> a, Map<String, String> b) {
        return List.of(sample(A, a), sample(B, b));
    }

    private static StatsSample sample(ServerAddress server, Map<String, String> raw) {
        return new StatsSample(
                Instant.now(),
                server,
                new ServerStats(
                        server,
                        ServerStats.Source.FOUR_LETTER_WORD,
                        "3.9.5",
                        ServerState.FOLLOWER,
                        5,
                        0,
                        0,
                        1,
                        0,
                        0,
                        0,
                        0,
                        0,
                        0,
                        raw),
                null);
    }
}
