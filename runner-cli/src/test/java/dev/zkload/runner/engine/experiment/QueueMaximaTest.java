package dev.zkload.runner.engine.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.stats.ServerState;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QueueMaximaTest {

    @Test
    void anObserversQueueIsItsOwnNeverAFollowers() {
        QueueMaxima maxima = new QueueMaxima();
        maxima.offer(ServerState.LEADER, 40);
        maxima.offer(ServerState.FOLLOWER, 3);
        maxima.offer(ServerState.OBSERVER, 17);
        maxima.offer(ServerState.OBSERVER, 9);
        Map<String, Double> measured = new LinkedHashMap<>();

        maxima.describe(measured);

        assertThat(measured)
                .containsExactly(
                        Map.entry("leaderOutstandingMax", 40.0),
                        Map.entry("followerOutstandingMax", 3.0),
                        Map.entry("observerOutstandingMax", 17.0));
    }

    @Test
    void aRoleNeverReadIsLeftOut() {
        QueueMaxima maxima = new QueueMaxima();
        maxima.offer(ServerState.STANDALONE, 0);
        Map<String, Double> measured = new LinkedHashMap<>();

        maxima.describe(measured);

        assertThat(measured).containsOnlyKeys("leaderOutstandingMax");
    }
}
