package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.result.HistogramLogs;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.it.testing.K8sManifests;
import dev.zkload.it.testing.RunnerProcess;
import io.fabric8.kubernetes.api.model.Container;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What deploy/k8s would run, without a cluster: the Indexed Job's N pods as N runner processes started
 * with the manifest's own arguments (expanded as Kubernetes expands them, the results volume a temporary
 * folder, each with its JOB_COMPLETION_INDEX) against one real ensemble, then the merge Job's command.
 * Only the schedule and the size are made small, through the ConfigMap's values, as a user would.
 */
class IndexedJobIT {

    @Test
    void theShardsOfTheIndexedJobThenTheMergeMakeOneRun(@TempDir Path tmp) throws Exception {
        K8sManifests k8s = K8sManifests.load();
        int n = k8s.shardCount();
        Path volume = Files.createDirectories(tmp.resolve("results"));
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("256m").build()) {
            zk.start();
            Map<String, String> config = Map.of(
                    "ZK_CONNECT", zk.connectString(),
                    "RUN_NAME", "it",
                    // N JVMs start on a shared machine: the first step waits for the slowest
                    "START_AT",
                            Instant.now()
                                    .plusSeconds(15)
                                    .truncatedTo(ChronoUnit.SECONDS)
                                    .toString(),
                    "STEP_INTERVAL", "20s",
                    "DOMAINS", "2",
                    "STEP", "1",
                    "SETTLE", "1s",
                    "SUSTAIN", "5s",
                    "ZNODE_COUNT", "50");
            Container shard = K8sManifests.container(k8s.shards());
            List<RunnerProcess> pods = new ArrayList<>();
            try {
                for (int i = 0; i < n; i++) {
                    Map<String, String> pod = Map.of("JOB_COMPLETION_INDEX", Integer.toString(i));
                    List<String> args =
                            onVolume(K8sManifests.expand(shard.getArgs(), k8s.environment(shard, config, pod)), volume);
                    pods.add(RunnerProcess.start(tmp.resolve("logs"), List.of(), pod, args.toArray(String[]::new)));
                }
                for (RunnerProcess p : pods) {
                    assertThat(p.awaitExit(Timeouts.seconds(150)))
                            .as(p.output())
                            .isZero();
                }
            } finally {
                pods.forEach(RunnerProcess::close);
            }
        }
        Path run = volume.resolve("it");
        for (int i = 0; i < n; i++) {
            JsonNode settings = RunnerProcess.json(run.resolve("shard-" + i).resolve("run.json"))
                    .get("settings");
            assertThat(settings.at("/shard/index").asInt())
                    .as("JOB_COMPLETION_INDEX was read")
                    .isEqualTo(i);
            assertThat(settings.at("/shard/count").asInt()).isEqualTo(n);
        }

        Container merge = K8sManifests.container(k8s.merge());
        List<String> args = onVolume(
                K8sManifests.expand(merge.getArgs(), k8s.environment(merge, Map.of("RUN_NAME", "it"), Map.of())),
                volume);
        try (RunnerProcess p = RunnerProcess.start(tmp.resolve("logs"), args.toArray(String[]::new))) {
            assertThat(p.awaitExit(Timeouts.seconds(60))).as(p.output()).isZero();
            assertThat(p.out()).contains("Threshold error-rate<1%: pass", "Threshold expired-sessions==0: pass");
        }
        Path merged = run.resolve("merged");
        List<JsonNode> steps = RunnerProcess.jsonLines(merged.resolve("steps.jsonl"));
        assertThat(steps).extracting(s -> s.get("domains").asInt()).containsExactly(0, 1, 2);
        assertThat(steps.get(2).get("sessions").asInt())
                .as("the shards' sessions summed")
                .isEqualTo(10);
        JsonNode thresholds = RunnerProcess.json(merged.resolve("summary.json")).get("thresholds");
        assertThat(thresholds).hasSize(2);
        thresholds.forEach(t -> assertThat(t.get("status").asText()).isEqualTo("pass"));
        assertThat(Files.readString(merged.resolve("report.md"))).contains("### Thresholds");

        // the merged histogram of each operation holds every shard's calls: the sum of their counts
        String log = logName(merged, "step-02");
        long sum = 0;
        for (int i = 0; i < n; i++) {
            Path shardLog = run.resolve("shard-" + i).resolve("latency").resolve(log);
            if (Files.exists(shardLog)) {
                sum += HistogramLogs.read(shardLog).get("get").getTotalCount();
            }
        }
        Histogram get =
                HistogramLogs.read(merged.resolve("latency").resolve(log)).get("get");
        assertThat(sum).isPositive();
        assertThat(get.getTotalCount()).isEqualTo(sum);
    }

    /** The pod's /results mount is the temporary folder here. */
    private static List<String> onVolume(List<String> args, Path volume) {
        return args.stream()
                .map(a -> a.startsWith("/results/")
                        ? volume.resolve(a.substring("/results/".length())).toString()
                        : a)
                .toList();
    }

    private static String logName(Path dir, String prefix) throws Exception {
        try (Stream<Path> logs = Files.list(dir.resolve("latency"))) {
            return logs.map(p -> p.getFileName().toString())
                    .filter(f -> f.startsWith(prefix + "-"))
                    .findFirst()
                    .orElseThrow();
        }
    }
}
