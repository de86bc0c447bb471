package dev.zkload.runner.engine.resources;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.stats.ServerState;
import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.zk.connect.ServerAddress;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A window's growth of a server's running totals, and a restart inside the window. */
class CounterWindowTest {
    private static final ServerAddress SERVER = new ServerAddress("127.0.0.1", 2181);

    @Test
    void aRestartInTheWindowStartsItAgainEvenWhenTheTotalsClimbBackAboveTheFirstReading() {
        List<List<StatsSample>> rounds = List.of(
                List.of(reading(0, 100_000, 50, 40)),
                List.of(reading(1, 101_000, 60, 48)),
                // restarted: up 1 s, its totals from zero
                List.of(reading(2, 1_000, 5, 4)),
                List.of(reading(3, 2_000, 90, 72)));

        CounterWindow w = CounterWindow.of(rounds, SERVER.hostPort());

        assertThat(w.growth("fsyncs")).as("only the totals since the restart").contains(85L);
        assertThat(w.grown("fsynctime").orElseThrow().count()).isEqualTo(85);
        assertThat(w.seconds()).isEqualTo(1.0);
    }

    @Test
    void withoutARestartTheGrowthIsLastLessFirst() {
        List<List<StatsSample>> rounds =
                List.of(List.of(reading(0, 100_000, 50, 40)), List.of(reading(2, 102_000, 70, 56)));

        CounterWindow w = CounterWindow.of(rounds, SERVER.hostPort());

        assertThat(w.growth("fsyncs")).contains(20L);
        assertThat(w.grown("fsynctime").orElseThrow().mean()).isEqualTo(0.8);
    }

    private static StatsSample reading(long second, long uptimeMs, long fsyncs, long fsyncMs) {
        return new StatsSample(
                Instant.EPOCH.plusSeconds(second),
                SERVER,
                new ServerStats(
                        SERVER,
                        ServerStats.Source.FOUR_LETTER_WORD,
                        "3.9.5",
                        ServerState.STANDALONE,
                        10,
                        0,
                        0,
                        1,
                        0,
                        0,
                        0,
                        0,
                        0,
                        0,
                        Map.of(
                                "zk_uptime", Long.toString(uptimeMs),
                                "zk_fsyncs", Long.toString(fsyncs),
                                "zk_cnt_fsynctime", Long.toString(fsyncs),
                                "zk_sum_fsynctime", Long.toString(fsyncMs))),
                null);
    }
}
