package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.result.ResultJson;
import dev.zkload.runner.engine.run.RecordingListener;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.ResultWriter;
import dev.zkload.runner.result.StepFixture;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StepVerdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepRecorderTest {
    @TempDir
    Path tmp;

    private final RecordingListener console = new RecordingListener();

    @Test
    void aStepStoppedInItsRegistrationShowsTheRegistrationsHealthAndTheRefusedConnections() throws Exception {
        try (ResultWriter results = ResultWriter.create(tmp.resolve("out"))) {
            StepRecorder recorder = recorder(results);

            recorder.record(StepFixture.step(20)
                    .registrationOnly()
                    .build()
                    .serverLimit(Map.of("127.0.0.1:2181", 45L, "127.0.0.1:2182", 1L)));

            assertThat(console.text())
                    .as("the registration's health (98%% CPU), not the empty settled window's (40%%)")
                    .contains("runner CPU 98% of 2 cores")
                    .doesNotContain("runner CPU 40%")
                    .contains("— SERVER-LIMIT (127.0.0.1:2181 refused 45 connections; 127.0.0.1:2182 refused 1"
                            + " connection)");
            String line = Files.readString(results.resolve(ResultFiles.STEPS));
            assertThat(line).contains("\"connectionsRefused\":{\"127.0.0.1:2181\":45,\"127.0.0.1:2182\":1}");
            assertThat(ResultJson.compact()
                            .readValue(line, StepResult.class)
                            .ensembleEvents()
                            .connectionsRefused())
                    .as("read back as written")
                    .containsExactly(Map.entry("127.0.0.1:2181", 45L), Map.entry("127.0.0.1:2182", 1L));
        }
    }

    @Test
    void aSettledStepShowsItsSettledHealthAndNoRefusals() throws Exception {
        try (ResultWriter results = ResultWriter.create(tmp.resolve("out"))) {
            StepResult step = StepFixture.step(20).verdict(StepVerdict.STABLE).build();
            recorder(results).record(step);

            assertThat(console.steps()).as("the step told as recorded").containsExactly(step);
            assertThat(console.lines())
                    .singleElement()
                    .asString()
                    .contains("runner CPU 40% of 2 cores")
                    .endsWith("— STABLE");
            String line = Files.readString(results.resolve(ResultFiles.STEPS));
            assertThat(line).contains(",\"connectionsRefused\":{}");
            String older = line.replace(",\"connectionsRefused\":{}", "");
            assertThat(ResultJson.compact()
                            .readValue(older, StepResult.class)
                            .ensembleEvents()
                            .connectionsRefused())
                    .as("a step written before the field existed reads as no refusals")
                    .isEmpty();
        }
    }

    private StepRecorder recorder(ResultWriter results) {
        return new StepRecorder(Plans.plan(40, true), results, console, null, null, null, null, null);
    }
}
