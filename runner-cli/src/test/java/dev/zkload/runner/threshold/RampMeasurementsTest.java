package dev.zkload.runner.threshold;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.report.ResultsFixture;
import dev.zkload.runner.result.ResultReader;
import dev.zkload.runner.result.RunResults;
import dev.zkload.runner.result.ThresholdResult;
import dev.zkload.runner.result.ThresholdResult.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ramp's thresholds judged on a results folder, where step 2 was generator-bound. */
class RampMeasurementsTest {
    @TempDir
    Path dir;

    RunResults results;

    @BeforeEach
    void write() throws IOException {
        ResultsFixture.write(dir);
        List<String> steps = Files.readAllLines(dir.resolve("steps.jsonl"));
        steps.set(
                2,
                steps.get(2)
                        .replace(
                                "\"verdict\":\"stable\",\"generatorBound\":false",
                                "\"verdict\":\"generator-bound\",\"generatorBound\":true")
                        .replace("\"reasons\":[]", "\"reasons\":[\"runner CPU 97% of its share\"]"));
        Files.write(dir.resolve("steps.jsonl"), steps);
        results = ResultReader.read(dir);
    }

    private ThresholdResult judge(String threshold) {
        Threshold t = ThresholdParser.parse(threshold, Catalogs.RAMP);
        return Thresholds.evaluate(List.of(t), new RampMeasurements(results, results.summary()))
                .get(0);
    }

    @Test
    void aGeneratorBoundStepNeverPassesAThresholdOnTheEnsemble() {
        ThresholdResult all = judge("p99(create)<100ms");
        assertThat(all.status()).isEqualTo(Status.NOT_OBSERVED);
        assertThat(all.detail())
                .isEqualTo("not observed at load-2 (200 domains): the load generator was the bottleneck (runner CPU"
                        + " 97% of its share)");
        assertThat(judge("p99(create)<100ms@200").status()).isEqualTo(Status.NOT_OBSERVED);
        assertThat(judge("outstanding-max<1000").status()).isEqualTo(Status.NOT_OBSERVED);
        // the runner's own CPU is what such a step does observe
        assertThat(judge("generator-cpu<99%").status()).isEqualTo(Status.PASS);
    }

    @Test
    void aDisturbedStepNeverPassesAThresholdOnTheEnsemble() throws IOException {
        List<String> steps = Files.readAllLines(dir.resolve("steps.jsonl"));
        steps.set(1, steps.get(1).replace("\"verdict\":\"stable\"", "\"verdict\":\"disturbed\""));
        Files.write(dir.resolve("steps.jsonl"), steps);
        results = ResultReader.read(dir);
        ThresholdResult at100 = judge("p99(create)<2.5ms@100");
        assertThat(at100.status()).isEqualTo(Status.NOT_OBSERVED);
        assertThat(at100.detail())
                .isEqualTo("not observed at load-1 (100 domains): the ensemble was disturbed: the step measured a"
                        + " fault, not the load");
    }

    @Test
    void theOtherStepsAreJudgedOnTheirValues() {
        ThresholdResult at100 = judge("p99(create)<2.5ms@100");
        assertThat(at100.status()).isEqualTo(Status.PASS);
        assertThat(at100.value()).isEqualTo(ResultsFixture.p99(1, dev.zkload.bench.ops.Op.CREATE));
        assertThat(at100.at()).isEqualTo("load-1 (100 domains)");
        ThresholdResult at300 = judge("p99(create)<2.5ms@300");
        assertThat(at300.status()).isEqualTo(Status.FAIL);
        assertThat(at300.detail()).isEqualTo("4 ms at load-3 (300 domains)");
    }

    @Test
    void maxStableDomainsOfASaturatedRampIsExact() {
        assertThat(judge("max-stable-domains>=200").status()).isEqualTo(Status.PASS);
        ThresholdResult more = judge("max-stable-domains>=300");
        assertThat(more.status()).isEqualTo(Status.FAIL);
        assertThat(more.value()).isEqualTo(200.0);
    }

    @Test
    void sessionsEventsThatWereNotRecordedAreNotZero() {
        ThresholdResult expired = judge("expired-sessions==0");
        assertThat(expired.status()).isEqualTo(Status.NOT_OBSERVED);
        assertThat(expired.detail()).contains("the simulated sessions' events were not recorded");
    }
}
