package dev.zkload.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.it.testing.RunnerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A runner held to a tenth of one core by a real cgroup CPU quota (the ensemble outside it, at full
 * speed): the runner itself is the bottleneck, and the ramp says so instead of reporting a capacity.
 * Skipped, saying why, where no cgroup CPU controller can be written (not root, or no cgroups).
 */
class GeneratorBoundIT {
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path tmp;

    @Test
    void aRunnerStarvedOfCpuMarksItsStepsGeneratorBoundAndItsVerdictSuggestsShards() throws Exception {
        Path cgroup = cpuCgroup();
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("256m").build()) {
            zk.start();
            Path out = tmp.resolve("ramp");
            // the shell joins the cgroup, then becomes the runner: every thread of the runner's JVM is held to the
            // quota
            List<String> inCgroup =
                    List.of("sh", "-c", "echo $$ > " + cgroup.resolve("cgroup.procs") + " && exec \"$@\"", "sh");
            RunnerProcess r = RunnerProcess.start(
                    tmp.resolve("logs"),
                    inCgroup,
                    "--connect",
                    zk.connectString(),
                    "--domains",
                    "2",
                    "--step",
                    "1",
                    "--settle",
                    "5s",
                    "--sustain",
                    "5s",
                    "--znode-count",
                    "500",
                    "--bench-time",
                    "2s",
                    // a runner held to its quota uses 85-100% of it over the settled window: the default limit
                    // of 85% would leave the verdict to the last percent; 60% judges the same starved runner
                    // with a margin
                    "--max-generator-cpu",
                    "60",
                    "--out",
                    out.toString());
            try (r) {
                assertThat(r.awaitExit(Timeouts.seconds(240))).as(r.output()).isZero();
            } finally {
                Files.deleteIfExists(cgroup);
            }
            JsonNode step = RunnerProcess.jsonLines(out.resolve("steps.jsonl")).get(1);
            assertThat(step.get("verdict").asText()).as(step.toString()).isEqualTo("generator-bound");
            assertThat(step.at("/generator/shareCores").asDouble()).isEqualTo(0.1);
            assertThat(step.at("/generator/reasons").toString()).contains("the runner used");
            JsonNode summary = RunnerProcess.json(out.resolve("summary.json"));
            assertThat(summary.get("stopReason").asText()).isEqualTo("generator-bound");
            assertThat(summary.get("generatorBoundAtDomains").asInt()).isEqualTo(1);
            assertThat(summary.get("maxStableDomains").isNull()).isTrue();
            assertThat(summary.get("saturatedAtDomains").isNull()).isTrue();
            assertThat(summary.at("/limitedBy/resource").asText()).isEqualTo("runner");
            assertThat(summary.at("/limitedBy/evidence").asText()).startsWith("the runner was the bottleneck: ");
            assertThat(summary.get("verdict").asText())
                    .startsWith("At 1 domain the load generator, not the ensemble," + " was the limit")
                    .contains("--shard i/N");
            assertThat(r.out()).contains("Verdict: At 1 domain the load generator");
        }
    }

    /** A cgroup (v1) with a CPU quota of 10 ms per 100 ms, or the test is skipped. */
    private static Path cpuCgroup() throws IOException {
        Path controller = Path.of("/sys/fs/cgroup/cpu");
        assumeTrue(
                Files.isWritable(controller) && Files.exists(controller.resolve("cpu.cfs_quota_us")),
                "no writable cgroup v1 CPU controller at " + controller + " (needs root and cgroups)");
        Path group = controller.resolve("zkload-it-" + ProcessHandle.current().pid());
        try {
            Files.createDirectories(group);
            Files.writeString(group.resolve("cpu.cfs_period_us"), "100000");
            Files.writeString(group.resolve("cpu.cfs_quota_us"), "10000");
        } catch (IOException e) {
            assumeTrue(false, "cannot set a CPU quota in " + group + ": " + e.getMessage());
        }
        return group;
    }
}
