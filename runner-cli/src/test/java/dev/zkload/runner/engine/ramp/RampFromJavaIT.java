package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.result.ResultJson;
import dev.zkload.bench.stats.AdminUrls;
import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.run.ClientSecuritySpec;
import dev.zkload.runner.engine.run.RecordingListener;
import dev.zkload.runner.engine.run.RunStart;
import dev.zkload.runner.engine.run.RunTemplate;
import dev.zkload.runner.engine.run.TargetSpec;
import dev.zkload.runner.result.RampSummary;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.ResultReader;
import dev.zkload.runner.result.RunKind;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StopReason;
import dev.zkload.sim.ModelFile;
import dev.zkload.sim.SaturnModel;
import dev.zkload.zk.connect.ConnectString;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A ramp driven from Java alone, as another team's test would ask "does my ensemble still carry two domains": no
 * command line, no console, no process-wide state of the runner — a plan, the run template the commands use, a
 * listener, and the summary returned. {@code LayersTest} keeps the engine from reaching for the command line; this is the proof that nothing
 * of it is needed.
 */
class RampFromJavaIT {
    private static final String ROOT = "/zkload/from-java";

    @Test
    // ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted
    @SuppressWarnings("try")
    void aRampDrivenFromJavaReturnsItsSummaryAndTellsItsListenerEachStep(@TempDir Path tmp) throws Exception {
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("512m").build()) {
            zk.start();
            RampPlan plan = RampPlan.builder(
                            ROOT,
                            ModelFile.of(SaturnModel.saturn21().toBuilder()
                                    .jobsPerDomain(2)
                                    .build()))
                    .domains(2)
                    .step(1)
                    .settle(Duration.ofSeconds(1))
                    .sustain(Duration.ofSeconds(4))
                    .addTimeout(Duration.ofMinutes(2))
                    .bench(50, 100, 0, Duration.ofSeconds(2))
                    .build();
            RunStart start = new RunStart(
                    RunKind.RAMP,
                    "from-java",
                    ROOT,
                    TargetSpec.existing(
                            ConnectString.parse(zk.connectString()), Duration.ofSeconds(10), ClientSecuritySpec.NONE),
                    AdminUrls.DEFAULT,
                    true,
                    false,
                    tmp.resolve("out"));
            RecordingListener listener = new RecordingListener();
            AtomicReference<String> clean = new AtomicReference<>();
            RunTemplate.Done<RampSummary> done = RunTemplate.execute(
                    start,
                    plan.connectionDemand(),
                    listener,
                    run -> {
                        clean.set(run.cleanCommand());
                        run.writeRun(List.of(), Map.of(), plan.settings());
                        try (GeneratorMonitor monitor = new GeneratorMonitor(plan.health(), null)) {
                            return new Ramp(plan, run, listener, monitor, null).run();
                        }
                    },
                    RunTemplate.unjudged());
            RampSummary summary = done.summary();
            assertThat(done.interrupted()).isFalse();
            RampSummary written =
                    ResultReader.read(tmp.resolve("out")).summary().orElseThrow();
            assertThat(written.verdict()).as("summary.json written as returned").isEqualTo(summary.verdict());
            assertThat(written.stopReason()).isEqualTo(summary.stopReason());

            // every step told as recorded and written alike: the baseline and the load steps the ramp took
            List<StepResult> told = listener.steps();
            assertThat(summary.steps()).isEqualTo(told.size());
            // each line read back and written again is the same line: the file's contract, through the reader
            List<String> lines = Files.readAllLines(tmp.resolve("out").resolve(ResultFiles.STEPS));
            List<StepResult> read = ResultReader.read(tmp.resolve("out")).steps();
            assertThat(lines).hasSize(told.size());
            assertThat(read).hasSize(told.size());
            for (int i = 0; i < lines.size(); i++) {
                assertThat(ResultJson.compact().writeValueAsString(read.get(i)))
                        .as("steps.jsonl line %d read back and written again", i + 1)
                        .isEqualTo(lines.get(i));
                assertThat(read.get(i).verdict()).isEqualTo(told.get(i).verdict());
            }
            // two small domains on a server of its own are carried, unless this machine was too busy to measure (the
            // ramp then stops at the step it could not measure)
            assertThat(summary.stopReason()).isIn(StopReason.TARGET_REACHED, StopReason.HOST_BUSY);
            if (summary.stopReason() == StopReason.TARGET_REACHED) {
                assertThat(told).extracting(StepResult::domains).containsExactly(0, 1, 2);
                assertThat(summary.maxStableDomains()).isEqualTo(2);
                assertThat(summary.verdict()).startsWith("The ensemble carried all 2 domains");
            } else {
                assertThat(told).extracting(StepResult::domains).startsWith(0).isSubsetOf(0, 1, 2);
            }
            assertThat(listener.trees())
                    .as("the tree a quit would leave on the ensemble, then removed")
                    .containsExactly("left if quit: " + clean.get(), "removed: " + clean.get());
            try (ZooKeeper client = new ZooKeeper(zk.connectString(), 10_000, e -> {})) {
                assertThat(client.exists(ROOT, false))
                        .as("nothing left under the run's root")
                        .isNull();
            }
        }
    }
}
