package dev.zkload.runner.engine.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.stats.AdminUrls;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.RunKind;
import dev.zkload.zk.connect.ConnectString;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run template against a real server, with a body of the test's own: Ctrl-C in the body still gets its
 * thresholds judged (on an uninterrupted thread, on the folder the body left) and summary.json written last, and
 * the caller is told; a judge that cannot read the folder is one sentence; either way the run's root is released.
 */
// ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted but by the test itself
@SuppressWarnings("try")
class RunTemplateIT {
    private static final String ROOT = "/zkload/template";
    private static LocalEnsemble zk;

    /** A command's summary: what the body measured, and whether its thresholds were judged. */
    record Counted(int items, boolean judged) {}

    @BeforeAll
    static void start() throws Exception {
        zk = LocalEnsemble.builder().servers(1).heap("256m").build();
        zk.start();
    }

    @AfterAll
    static void stop() {
        zk.close();
    }

    @AfterEach
    void clearTheFlag() {
        Thread.interrupted();
    }

    @Test
    void ctrlCInTheBodyStillJudgesOnTheFolderWritesTheSummaryLastAndTellsTheCaller(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("out");
        boolean[] flagWhileJudging = {true};
        RunTemplate.Done<Counted> done = RunTemplate.execute(
                start(out),
                null,
                RunListener.SILENT,
                run -> {
                    run.writeRun(List.of("--items", "3"), null, Map.of("items", 3));
                    Thread.currentThread().interrupt(); // Ctrl-C, as the signal handler delivers it
                    return new Counted(3, false);
                },
                (summary, dir) -> {
                    flagWhileJudging[0] = Thread.currentThread().isInterrupted();
                    assertThat(dir).isEqualTo(out);
                    assertThat(dir.resolve(ResultFiles.RUN))
                            .as("run.json, before the summary")
                            .exists();
                    return new Counted(summary.items(), true);
                });
        assertThat(Thread.interrupted()).as("the flag set again for the caller").isTrue();
        assertThat(done.interrupted()).isTrue();
        assertThat(flagWhileJudging[0]).as("judged on an uninterrupted thread").isFalse();
        assertThat(done.summary()).isEqualTo(new Counted(3, true));
        JsonNode written =
                new ObjectMapper().readTree(out.resolve(ResultFiles.SUMMARY).toFile());
        assertThat(written.path("items").asInt()).isEqualTo(3);
        assertThat(written.path("judged").asBoolean())
                .as("the judged summary is the one written")
                .isTrue();
        assertRootReleased();
    }

    @Test
    void aJudgeThatCannotReadTheFolderIsOneSentenceAndTheRootIsReleased(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("out");
        assertThatThrownBy(() -> RunTemplate.execute(
                        start(out), null, RunListener.SILENT, run -> new Counted(1, false), (summary, dir) -> {
                            throw new IOException(dir.resolve("levels.jsonl") + ": no such file");
                        }))
                .isInstanceOf(RunFailure.class)
                .hasMessage("cannot read the results back to judge the thresholds: " + out.resolve("levels.jsonl")
                        + ": no such file");
        assertThat(Files.exists(out.resolve(ResultFiles.SUMMARY))).isFalse();
        assertRootReleased();
    }

    private static RunStart start(Path out) {
        return new RunStart(
                RunKind.LATENCY,
                "template",
                ROOT,
                TargetSpec.existing(
                        ConnectString.parse(zk.connectString()), Duration.ofSeconds(10), ClientSecuritySpec.NONE),
                AdminUrls.DEFAULT,
                false,
                false,
                out);
    }

    private static void assertRootReleased() throws Exception {
        try (ZooKeeper client = new ZooKeeper(zk.connectString(), 10_000, e -> {})) {
            assertThat(client.exists(ROOT, false)).as("the run's root removed").isNull();
        }
    }
}
