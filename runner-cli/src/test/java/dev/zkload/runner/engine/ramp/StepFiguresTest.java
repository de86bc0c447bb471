package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.stats.ServerState;
import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.runner.result.MeasuredFootprint;
import dev.zkload.runner.result.StepServerData;
import dev.zkload.zk.connect.ServerAddress;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StepFiguresTest {
    private static final ServerAddress LEADER = new ServerAddress("127.0.0.1", 2181, 8080);
    private static final ServerAddress FOLLOWER = new ServerAddress("127.0.0.1", 2182, 8081);

    @Test
    void outstandingIsOverTheRoundsWithALeaderAndCountsAreTheLastOnes() {
        List<List<StatsSample>> rounds = List.of(
                List.of(
                        sample(LEADER, ServerState.LEADER, 100, 3, 400),
                        sample(FOLLOWER, ServerState.FOLLOWER, 100, 3, 0)),
                List.of(
                        new StatsSample(Instant.EPOCH, LEADER, null, "down", true),
                        sample(FOLLOWER, ServerState.FOLLOWER, 100, 1, 0)),
                List.of(
                        sample(LEADER, ServerState.LEADER, 120, 2, 200),
                        sample(FOLLOWER, ServerState.FOLLOWER, 120, 1, 0)));
        StepServerData s = StepFigures.serverData(rounds, 7L, 55.0, null);
        assertThat(s.outstandingAvg()).isEqualTo(300.0);
        assertThat(s.outstandingMax()).isEqualTo(400);
        assertThat(s.znodes()).isEqualTo(120);
        assertThat(s.connections()).isEqualTo(3);
        assertThat(s.sessions()).isEqualTo(7);
        assertThat(s.cpuPercent()).isEqualTo(55.0);
        assertThat(StepFigures.serverData(rounds.subList(1, 2), null, null, null))
                .as("no leader answered")
                .isNull();
    }

    @Test
    void theFootprintIsTheDifferencePerDomainWithNothingSubtracted() {
        StepServerData base = new StepServerData(10, 4, 3, 1L, 1, 0, 0, 0, 0, 0, null, null, null);
        StepServerData now =
                new StepServerData(10 + 2 * 2196, 4 + 2 * 5736, 13, 11L, 1 + 2 * 147, 0, 0, 0, 0, 0, null, null, null);
        MeasuredFootprint f = StepFigures.footprint(base, now, 2, 11.5);
        assertThat(f.znodes()).isEqualTo(2196.0);
        assertThat(f.watches()).isEqualTo(5736.0);
        assertThat(f.ephemerals()).isEqualTo(147.0);
        assertThat(f.sessions()).as("from cons: client sessions only").isEqualTo(5.0);
        assertThat(f.writesPerSec()).isEqualTo(11.5);
        assertThat(StepFigures.footprint(null, now, 2, null)).isNull();
    }

    @Test
    void theLargestLatencyIsTheStepsOwnOnlyWhereItRoseDuringTheStep() {
        // ZooKeeper keeps its largest latency since the server started: 1663 ms from before the run
        StepServerData calm = StepFigures.serverData(
                List.of(List.of(latency(LEADER, 1663)), List.of(latency(LEADER, 1663))), null, null, null);
        assertThat(calm.maxLatencyMs()).isEqualTo(1663.0);
        assertThat(calm.maxLatencyInStep())
                .as("the step's own largest was at most that")
                .isFalse();
        StepServerData rose = StepFigures.serverData(
                List.of(List.of(latency(LEADER, 1663)), List.of(latency(LEADER, 2400))), null, null, null);
        assertThat(rose.maxLatencyInStep()).as("a new largest: the step's").isTrue();
        StepServerData elected = StepFigures.serverData(
                List.of(List.of(latency(LEADER, 1663)), List.of(latency(FOLLOWER, 900))), null, null, null);
        assertThat(elected.maxLatencyInStep())
                .as("two servers' figures say nothing of each other")
                .isNull();
    }

    private static StatsSample latency(ServerAddress leader, double maxMs) {
        return new StatsSample(
                Instant.EPOCH,
                leader,
                new ServerStats(
                        leader,
                        ServerStats.Source.FOUR_LETTER_WORD,
                        "3.9.5",
                        ServerState.LEADER,
                        100,
                        0,
                        0,
                        1,
                        0,
                        0,
                        1.5,
                        maxMs,
                        0,
                        0,
                        Map.of()),
                null);
    }

    private static StatsSample sample(
            ServerAddress server, ServerState state, long znodes, long connections, long outstanding) {
        return new StatsSample(
                Instant.EPOCH,
                server,
                new ServerStats(
                        server,
                        ServerStats.Source.FOUR_LETTER_WORD,
                        "3.9.5",
                        state,
                        znodes,
                        0,
                        0,
                        connections,
                        outstanding,
                        0,
                        0,
                        0,
                        0,
                        0,
                        Map.of()),
                null);
    }
}
