package dev.zkload.runner.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.stats.ServerState;
import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.bench.target.ServerAddress;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StepServerDataTest {
    private static final ServerAddress LEADER = new ServerAddress("127.0.0.1", 2181, 8080);
    private static final ServerAddress FOLLOWER = new ServerAddress("127.0.0.1", 2182, 8081);

    @Test
    void theBaselineKeepsTheQuietestCompleteRoundsConnections() {
        // the first round still counts the runner's probes; a round with a server down says nothing
        List<List<StatsSample>> rounds = List.of(
                List.of(sample(LEADER, ServerState.LEADER, 3), sample(FOLLOWER, ServerState.FOLLOWER, 3)),
                List.of(sample(LEADER, ServerState.LEADER, 1), new StatsSample(Instant.EPOCH, FOLLOWER, null, "down")),
                List.of(sample(LEADER, ServerState.LEADER, 2), sample(FOLLOWER, ServerState.FOLLOWER, 1)));
        StepServerData first = StepServerData.of(rounds.subList(0, 1), null, null);
        assertThat(first.connections()).isEqualTo(6);
        StepServerData quiet = first.withQuietestConnections(rounds);
        assertThat(quiet.connections()).isEqualTo(3);
        assertThat(quiet.znodes()).isEqualTo(first.znodes());
    }

    private static StatsSample sample(ServerAddress server, ServerState state, long connections) {
        return new StatsSample(Instant.EPOCH, server, new ServerStats(server, ServerStats.Source.FOUR_LETTER_WORD, "3.9.5",
                state, 5, 0, 0, connections, 0, 0, 0, 0, 0, 0, Map.of()), null);
    }
}
