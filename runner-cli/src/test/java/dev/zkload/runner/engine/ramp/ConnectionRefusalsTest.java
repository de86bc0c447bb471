package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.client.ServerAddress;
import dev.zkload.bench.stats.ServerState;
import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.runner.result.ConnectionLimit;
import dev.zkload.sim.FleetSnapshot;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConnectionRefusalsTest {
    private static final ServerAddress A = new ServerAddress("127.0.0.1", 2181);
    private static final ServerAddress B = new ServerAddress("127.0.0.1", 2182);
    /** Every session connected: only the servers' counters can tell a refusal. */
    private static final FleetSnapshot CONNECTED =
            new FleetSnapshot(4, 12, 8, 140, 20, 20, 0, 0, 0, Map.of(), 0, Map.of(), Map.of(), Map.of(), 0, 0);

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
        // a port that takes each connection and resets it at once: what a full server's does, and also what a
        // stalled one's does once its accept queue is full
        try (java.net.ServerSocket full = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            Thread resetter = new Thread(() -> {
                while (!full.isClosed()) {
                    try (java.net.Socket c = full.accept()) {
                        c.setSoLinger(true, 0);
                    } catch (java.io.IOException closed) {
                        return;
                    }
                }
            });
            resetter.setDaemon(true);
            resetter.start();
            ServerAddress f = new ServerAddress("127.0.0.1", full.getLocalPort());
            ConnectionRefusals watch = new ConnectionRefusals(
                    new StatsClient(Duration.ofSeconds(1)),
                    List.of(f),
                    Map.of(f.hostPort(), ConnectionLimit.of(60)),
                    () -> CONNECTED);

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
