package dev.zkload.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.runner.ExitCodes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code watches} end to end at small sizes: the servers hold exactly the watches each level claims,
 * every set notifies every watcher, and nothing (no watch, no znode, no session) is left afterwards.
 */
class WatchesCommandIT {

    @Test
    void theServersHoldEachLevelsWatchesAndEverySetNotifiesEveryWatcher(@TempDir Path tmp) throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(3).heap("256m").build()) {
            zk.start();
            StatsClient stats = new StatsClient(Duration.ofSeconds(5));
            long znodesBefore = stats.monitor(zk.servers().get(0)).znodeCount();
            Path total = tmp.resolve("total");
            CliRun watches = CliRun.of(
                    "watches",
                    "--connect",
                    zk.connectString(),
                    "--watches",
                    "0,2k",
                    "--watch-sessions",
                    "4",
                    "--watchers-per-znode",
                    "2",
                    "--znode-count",
                    "100",
                    "--out",
                    total.toString());
            assertThat(watches.exitCode()).as(watches.out() + watches.err()).isEqualTo(ExitCodes.OK);
            List<JsonNode> levels = levels(total);
            assertThat(levels).hasSize(2);
            JsonNode top = levels.get(1).get("measured");
            assertThat(top.get("watchesOnServers").asLong())
                    .isEqualTo(top.get("watchesExpected").asLong())
                    .isEqualTo(2000 + 2 * 100);
            for (JsonNode level : levels) {
                assertThat(level.get("measured").get("notificationsReceived").asLong())
                        .isEqualTo(200);
                assertThat(level.get("measured").get("notificationP99Ms").asDouble())
                        .isPositive();
                assertThat(level.get("ops").get("set").get("count").asLong()).isEqualTo(100);
            }

            Path fanOut = tmp.resolve("fan-out");
            CliRun watchers = CliRun.of(
                    "watches",
                    "--connect",
                    zk.connectString(),
                    "--watchers-per-znode",
                    "1,3",
                    "--znode-count",
                    "50",
                    "--out",
                    fanOut.toString());
            assertThat(watchers.exitCode()).as(watchers.out() + watchers.err()).isEqualTo(ExitCodes.OK);
            JsonNode three = levels(fanOut).get(1).get("measured");
            assertThat(three.get("watchesOnServers").asLong()).isEqualTo(150);
            assertThat(three.get("notificationsReceived").asLong()).isEqualTo(150);
            assertThat(Files.readString(fanOut.resolve("report.md"), StandardCharsets.UTF_8))
                    .contains("What do watches cost a write?", "watchersPerZnode");

            long watchesLeft = 0;
            for (var server : zk.servers()) {
                watchesLeft += stats.monitor(server).watchCount();
            }
            assertThat(watchesLeft).isZero();
            assertThat(stats.monitor(zk.servers().get(0)).znodeCount()).isEqualTo(znodesBefore);
        }
    }

    @Test
    void sweepingBothQuantitiesIsRefused(@TempDir Path tmp) {
        CliRun both = CliRun.of(
                "watches",
                "--watches",
                "0,1k",
                "--watchers-per-znode",
                "1,5",
                "--out",
                tmp.resolve("x").toString());
        assertThat(both.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(both.err()).contains("sweep one of --watches and --watchers-per-znode");
    }

    private static List<JsonNode> levels(Path out) throws Exception {
        List<JsonNode> levels = new ArrayList<>();
        for (String line : Files.readAllLines(out.resolve("levels.jsonl"), StandardCharsets.UTF_8)) {
            levels.add(ResultJson.compact().readTree(line));
        }
        return levels;
    }
}
