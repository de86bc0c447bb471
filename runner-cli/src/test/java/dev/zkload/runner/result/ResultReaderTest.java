package dev.zkload.runner.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.zkload.runner.report.ResultsFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultReaderTest {
    @TempDir
    Path dir;

    @Test
    void readsTheRecordsTheRunWroteIgnoringUnknownFields() throws IOException {
        RunResults results = ResultReader.read(ResultsFixture.write(dir));
        assertThat(results.run().model()).containsEntry("name", "saturn-2.1");
        assertThat(results.run().settings()).containsEntry("outstandingThreshold", 300);
        assertThat(results.steps()).hasSize(4);
        assertThat(results.steps().get(1).server().cpuPercent()).isNull();
        assertThat(results.steps().get(2).server().cpuPercent()).isEqualTo(45.5);
        assertThat(results.steps().get(0).footprintPerDomain()).isNull();
        assertThat(results.steps().get(3).verdict()).isEqualTo(StepVerdict.SATURATED);
        assertThat(results.steps().get(3).ops().get("create").count()).isEqualTo(10_000);
        assertThat(results.samples()).hasSize(3 * ResultsFixture.SECONDS);
        assertThat(results.samples())
                .filteredOn(s -> !s.reachable())
                .hasSize(60)
                .allSatisfy(s -> assertThat(s.outstanding()).isNull());
        assertThat(results.summary()).hasValueSatisfying(s -> {
            assertThat(s.saturatedAtDomains()).isEqualTo(300);
            assertThat(s.stopReason()).isEqualTo(StopReason.SATURATED);
        });
        assertThat(results.notes()).isEmpty();
    }

    @Test
    void aSaturationWrittenBeforeItsCountedMeanIsReadWithoutOneAndJudgedByItsPlainMean() throws IOException {
        Path steps = dir.resolve("steps.jsonl");
        Files.writeString(steps, """
                {"step":1,"domains":75,"verdict":"saturated","saturated":true,\
                "saturation":{"rule":"averaged","aboveShare":0.7,"mean":356.4}}
                """);
        List<String> notes = new ArrayList<>();
        StepResult step = JsonLines.read(steps, StepResult.class, "step", notes).get(0);
        assertThat(notes).isEmpty();
        assertThat(step.saturation().countedMean()).isNull();
        assertThat(step.saturation().judgedMean()).isEqualTo(356.4);
    }

    @Test
    void csvColumnsAreFoundByNameWhateverTheirOrder() throws IOException {
        ResultsFixture.write(dir);
        Path csv = dir.resolve(ResultFiles.METRICS);
        List<List<String>> rows = new ArrayList<>();
        CsvMapper mapper = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
        try (MappingIterator<List<String>> lines =
                mapper.readerForListOf(String.class).readValues(csv.toFile())) {
            lines.forEachRemaining(row -> {
                List<String> reversed = new ArrayList<>(row);
                Collections.reverse(reversed);
                rows.add(reversed);
            });
        }
        List<MetricSample> before = ResultReader.read(dir).samples();
        mapper.writerFor(List.class).writeValues(csv.toFile()).writeAll(rows).close();
        assertThat(ResultReader.read(dir).samples()).isEqualTo(before);
    }

    @Test
    void failedOperationsAreNotedPerStep() throws IOException {
        ResultsFixture.write(dir);
        List<String> lines = new ArrayList<>(Files.readAllLines(dir.resolve(ResultFiles.STEPS)));
        lines.set(2, lines.get(2).replaceFirst("\"count\":10000,\"errors\":0", "\"count\":10000,\"errors\":12"));
        Files.write(dir.resolve(ResultFiles.STEPS), lines);
        assertThat(ResultReader.read(dir).notes())
                .containsExactly("Step 2 (200 domains): 12 of 10000 create operations failed.");
    }

    @Test
    void aFolderWithoutRunJsonIsRefusedNamingTheFile() {
        assertThatThrownBy(() -> ResultReader.read(dir))
                .isInstanceOf(NoSuchFileException.class)
                .hasMessageContaining("run.json");
    }

    @Test
    void invalidRunJsonIsOneClearSentence() throws IOException {
        Files.writeString(dir.resolve(ResultFiles.RUN), "{\"tool\":");
        assertThatThrownBy(() -> ResultReader.read(dir))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("run.json is not valid JSON");
    }

    @Test
    void aFolderOfANewerSchemaIsRefusedInOneSentence() throws IOException {
        Files.writeString(
                dir.resolve(ResultFiles.RUN),
                "{\"schemaVersion\":" + (ResultFiles.SCHEMA_VERSION + 1) + ",\"tool\":\"zkload\"}");
        assertThatThrownBy(() -> ResultReader.read(dir))
                .isInstanceOf(IOException.class)
                .hasMessageEndingWith("was written by a newer zkload (results schema "
                        + (ResultFiles.SCHEMA_VERSION + 1) + "; this one reads up to " + ResultFiles.SCHEMA_VERSION
                        + "): use that zkload, or a newer one");
    }

    @Test
    void aFolderWrittenByACommandThisZkloadDoesNotReadIsRefusedByName() throws IOException {
        Files.writeString(
                dir.resolve(ResultFiles.RUN),
                "{\"schemaVersion\":" + ResultFiles.SCHEMA_VERSION + ",\"tool\":\"zkload\",\"command\":\"soak\"}");
        assertThatThrownBy(() -> ResultReader.read(dir))
                .isInstanceOf(IOException.class)
                .hasMessageEndingWith(
                        "run.json: 'soak' is not a command whose results this zkload reads (it reads ramp,"
                                + " latency, simulate, connections, znodes, data-size, watches, max-rate, disrupt)");
        // never taken for a ramp, whichever reader meets it
        assertThatThrownBy(() -> SweepResults.isSweep(dir)).isInstanceOf(IOException.class);
    }

    @Test
    void whatTheWriterWritesTheReaderReadsBack() throws IOException {
        StepResult step = StepFixture.step(100).verdict(StepVerdict.STABLE).build();
        try (ResultWriter writer = ResultWriter.create(dir.resolve("out"))) {
            writer.writeRun(new RunDescription(
                    ResultFiles.SCHEMA_VERSION,
                    "zkload",
                    "t",
                    "ramp",
                    List.of("--domains", "1"),
                    java.time.Instant.EPOCH,
                    "r",
                    "/zkload/ramp-r",
                    java.util.Map.of(),
                    java.util.Map.of(),
                    java.util.Map.of()));
            writer.appendStep(step);
        }
        RunResults back = ResultReader.read(dir.resolve("out"));
        assertThat(back.steps()).containsExactly(step);
        assertThat(back.run().schemaVersion()).isEqualTo(ResultFiles.SCHEMA_VERSION);
    }
}
