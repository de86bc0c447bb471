package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two runner processes (here: two command lines in one JVM) ramp one ensemble as shards 0/2 and
 * 1/2 on a shared schedule, and {@code report} merges their folders into one run.
 */
class ShardedRampIT {

    @Test
    void twoShardsSplitTheDomainsFollowOneScheduleAndMergeIntoOneReport(@TempDir Path tmp) throws Exception {
        Instant startAt;
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("512m").build()) {
            zk.start();
            startAt = Instant.now().plusSeconds(5).truncatedTo(ChronoUnit.SECONDS);
            List<CompletableFuture<CliRun>> shards = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                String[] args = {
                    "--connect",
                    zk.connectString(),
                    "--domains",
                    "3",
                    "--step",
                    "1",
                    "--settle",
                    "1s",
                    "--sustain",
                    "5s",
                    "--znode-count",
                    "50",
                    "--jobs-per-domain",
                    "2",
                    "--out",
                    tmp.resolve("shard-" + i).toString(),
                    "--shard",
                    i + "/2",
                    "--start-at",
                    startAt.toString(),
                    "--step-interval",
                    "20s"
                };
                shards.add(CompletableFuture.supplyAsync(() -> CliRun.of(args)));
            }
            for (CompletableFuture<CliRun> f : shards) {
                CliRun run = f.get();
                assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
            }
        }
        // domain d belongs to shard d mod 2: totals 1, 2, 3 are 1+0, 1+1, 2+1
        List<JsonNode> zero = steps(tmp.resolve("shard-0"));
        List<JsonNode> one = steps(tmp.resolve("shard-1"));
        assertThat(zero).extracting(s -> s.get("domains").asInt()).containsExactly(0, 1, 2, 3);
        assertThat(one).extracting(s -> s.get("domains").asInt()).containsExactly(0, 1, 2, 3);
        assertThat(zero.subList(1, 4))
                .extracting(s -> s.get("shardDomains").asInt())
                .containsExactly(1, 1, 2);
        assertThat(one.subList(1, 4))
                .extracting(s -> s.get("shardDomains").asInt())
                .containsExactly(0, 1, 1);
        assertThat(one.subList(1, 4)).extracting(s -> s.get("sessions").asInt()).containsExactly(0, 5, 5);
        // every step began on the shared schedule on both shards, 20 s apart
        for (int k = 0; k < 4; k++) {
            Instant a = Instant.parse(zero.get(k).get("startTime").asText());
            Instant b = Instant.parse(one.get(k).get("startTime").asText());
            assertThat(Math.abs(a.toEpochMilli() - b.toEpochMilli()))
                    .as("step %d", k)
                    .isLessThan(2000);
            assertThat(a).isAfterOrEqualTo(startAt.plusSeconds(20L * k));
        }
        assertThat(zero.get(2).path("ops").size()).as("shard 0 benchmarks").isEqualTo(7);
        assertThat(one.get(2).path("ops").size()).as("shard 1 does not").isZero();

        Path merged = tmp.resolve("merged");
        CliRun report = CliRun.of(
                "report",
                tmp.resolve("shard-0").toString(),
                tmp.resolve("shard-1").toString(),
                "--out",
                merged.toString());
        assertThat(report.exitCode()).as(report.err()).isEqualTo(ExitCodes.OK);
        List<JsonNode> all = steps(merged);
        assertThat(all).extracting(s -> s.get("sessions").asInt()).containsExactly(0, 5, 10, 15);
        assertThat(all.get(3).path("ops").size()).isEqualTo(7);
        assertThat(ResultJson.compact()
                        .readTree(merged.resolve("summary.json").toFile())
                        .get("stopReason")
                        .asText())
                .isEqualTo("target-reached");
        assertThat(ResultJson.compact()
                        .readTree(merged.resolve("run.json").toFile())
                        .at("/settings/mergedFrom"))
                .as("the merged run names the folders it came from")
                .hasSize(2);
        assertThat(merged.resolve("report.md")).isRegularFile();

        CliRun wrong = CliRun.of(
                "report",
                tmp.resolve("shard-0").toString(),
                tmp.resolve("shard-0").toString(),
                "--out",
                tmp.resolve("merged-2").toString());
        assertThat(wrong.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(wrong.err()).contains("are both shard 0");
    }

    private static List<JsonNode> steps(Path dir) throws Exception {
        List<JsonNode> steps = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("steps.jsonl"))) {
            steps.add(ResultJson.compact().readTree(line));
        }
        return steps;
    }
}
