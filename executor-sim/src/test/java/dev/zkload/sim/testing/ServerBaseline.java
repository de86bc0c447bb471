package dev.zkload.sim.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.zk.connect.ServerAddress;
import java.time.Duration;

/**
 * What a server held before a test (its connections and znodes), so that the test can wait until the
 * server holds exactly that again: every session of a fleet gone, every znode it wrote too.
 */
public record ServerBaseline(StatsClient stats, ServerAddress server, long connections, long znodes) {
    public static ServerBaseline of(StatsClient stats, ServerAddress server)
            throws java.io.IOException, InterruptedException {
        return new ServerBaseline(
                stats,
                server,
                stats.monitor(server).aliveConnections(),
                stats.monitor(server).znodeCount());
    }

    public void awaitAgain() {
        await().atMost(Timeouts.seconds(30))
                .pollInterval(Duration.ofMillis(200))
                .untilAsserted(() -> {
                    assertThat(stats.monitor(server).aliveConnections())
                            .as("connections")
                            .isEqualTo(connections);
                    assertThat(stats.monitor(server).znodeCount()).as("znodes").isEqualTo(znodes);
                });
    }
}
