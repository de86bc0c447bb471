package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.it.testing.K8sManifests;
import dev.zkload.runner.cli.Cli;
import dev.zkload.runner.threshold.Catalogs;
import dev.zkload.runner.threshold.ThresholdParser;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.batch.v1.JobSpec;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * deploy/k8s's manifests, loaded with Kubernetes' object model: the fields the sharded ramp depends on,
 * and arguments the runner accepts once Kubernetes has expanded them.
 */
class KubernetesManifestsTest {
    private static K8sManifests k8s;

    @BeforeAll
    static void load() throws Exception {
        k8s = K8sManifests.load();
    }

    @Test
    void everyObjectIsThere() {
        assertThat(k8s.config()).as("ConfigMap zkload-run").isNotNull();
        assertThat(k8s.results()).as("PersistentVolumeClaim zkload-results").isNotNull();
        assertThat(k8s.shards()).as("Job zkload-shards").isNotNull();
        assertThat(k8s.merge()).as("Job zkload-merge").isNotNull();
        assertThat(k8s.shards().getApiVersion()).isEqualTo("batch/v1");
    }

    @Test
    void theShardsAreAnIndexedJobWithOnePodPerShardAllAtOnceAndNoRetry() {
        JobSpec spec = k8s.shards().getSpec();
        int n = k8s.shardCount();
        assertThat(n).isGreaterThan(1);
        assertThat(spec.getCompletionMode()).isEqualTo("Indexed");
        assertThat(spec.getCompletions()).as("completions = N of --shard /N").isEqualTo(n);
        assertThat(spec.getParallelism())
                .as("every shard must run at once: they share one schedule")
                .isEqualTo(n);
        assertThat(spec.getBackoffLimit()).isZero();
        assertThat(spec.getTemplate().getSpec().getRestartPolicy()).isEqualTo("Never");
        EnvVar index = K8sManifests.container(k8s.shards()).getEnv().stream()
                .filter(e -> e.getName().equals("JOB_COMPLETION_INDEX"))
                .findFirst()
                .orElseThrow();
        assertThat(index.getValueFrom().getFieldRef().getFieldPath())
                .isEqualTo("metadata.annotations['batch.kubernetes.io/job-completion-index']");
    }

    @Test
    void everyShardFollowsTheSharedScheduleAndWritesItsOwnFolderOnTheSharedVolume() {
        Container c = K8sManifests.container(k8s.shards());
        List<String> args = c.getArgs();
        assertThat(args.get(args.indexOf("--start-at") + 1)).isEqualTo("$(START_AT)");
        assertThat(args.get(args.indexOf("--step-interval") + 1)).isEqualTo("$(STEP_INTERVAL)");
        Map<String, String> data = k8s.config().getData();
        // what --start-at takes (Instant.parse), written in the canonical UTC form it prints back
        assertThat(Instant.parse(data.get("START_AT"))).hasToString(data.get("START_AT"));
        assertThat(data.get("STEP_INTERVAL")).matches("\\d+(ms|s|m|h)");
        String out = args.get(args.indexOf("--out") + 1);
        assertThat(out).contains("$(JOB_COMPLETION_INDEX)");

        PodSpec pod = k8s.shards().getSpec().getTemplate().getSpec();
        String mount = c.getVolumeMounts().get(0).getMountPath();
        assertThat(out).startsWith(mount + "/");
        String volume = c.getVolumeMounts().get(0).getName();
        assertThat(pod.getVolumes())
                .filteredOn(v -> v.getName().equals(volume))
                .singleElement()
                .satisfies(v -> assertThat(v.getPersistentVolumeClaim().getClaimName())
                        .isEqualTo(k8s.results().getMetadata().getName()));
        assertThat(k8s.results().getSpec().getAccessModes())
                .as("N pods write and the merge reads")
                .contains("ReadWriteMany");
    }

    @Test
    void everyReferenceIsDefinedAndTheExpandedArgumentsAreOptionsTheRunnerAccepts() {
        for (var job : List.of(k8s.shards(), k8s.merge())) {
            Container c = K8sManifests.container(job);
            Map<String, String> env = k8s.environment(c, Map.of(), Map.of("JOB_COMPLETION_INDEX", "0"));
            assertThat(env.keySet()).containsAll(K8sManifests.references(c.getArgs()));
            assertThat(c.getImage())
                    .isEqualTo(K8sManifests.container(k8s.shards()).getImage());
            List<String> args = new ArrayList<>(K8sManifests.expand(c.getArgs(), env));
            // the test JVM has no JOB_COMPLETION_INDEX: give the index the runner would read from it
            args.replaceAll(a -> a.equals("/" + k8s.shardCount()) ? "0/" + k8s.shardCount() : a);
            StringWriter err = new StringWriter();
            Cli.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(err))
                    .parseArgs(args.toArray(String[]::new));
        }
    }

    @Test
    void theMergeReadsEveryShardsFolderAndNothingElse() {
        Map<String, String> none = Map.of();
        Container shard = K8sManifests.container(k8s.shards());
        List<String> outs = IntStream.range(0, k8s.shardCount())
                .mapToObj(i -> {
                    List<String> a = K8sManifests.expand(
                            shard.getArgs(), k8s.environment(shard, none, Map.of("JOB_COMPLETION_INDEX", "" + i)));
                    return a.get(a.indexOf("--out") + 1);
                })
                .toList();
        Container merge = K8sManifests.container(k8s.merge());
        List<String> args = K8sManifests.expand(merge.getArgs(), k8s.environment(merge, none, none));
        assertThat(args.get(0)).isEqualTo("report");
        int outAt = args.indexOf("--out");
        assertThat(args.subList(1, outAt)).containsExactlyElementsOf(outs);
        assertThat(outs).doesNotContain(args.get(outAt + 1));
        List<String> thresholds = IntStream.range(0, args.size() - 1)
                .filter(i -> args.get(i).equals("--threshold"))
                .mapToObj(i -> args.get(i + 1))
                .toList();
        assertThat(thresholds).as("the merge judges the run").isNotEmpty();
        // each one a threshold of the ramp's catalog (an unknown metric or a malformed one throws), read as written
        assertThat(thresholds).allSatisfy(t -> assertThat(
                        ThresholdParser.parse(t, Catalogs.RAMP).text())
                .isEqualTo(t));
    }
}
