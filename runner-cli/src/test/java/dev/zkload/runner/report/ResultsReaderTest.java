package dev.zkload.runner.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsReaderTest {
    @TempDir
    Path dir;

    @Test
    void readsRunStepsSamplesAndSummaryIgnoringUnknownFields() throws IOException {
        ResultsFolder folder = ResultsReader.read(ResultsFixture.write(dir));
        assertThat(folder.run().modelName()).isEqualTo("saturn-2.1");
        assertThat(folder.run().expectedPerDomain().ephemerals()).isEqualTo(147.5);
        assertThat(folder.run().outstandingThreshold()).contains(300.0);
        assertThat(folder.run().settings().keySet()).startsWith("domains", "step", "outstandingThreshold");
        assertThat(folder.run().target()).doesNotContainKey("snapCount");
        assertThat(folder.steps()).hasSize(4);
        assertThat(folder.steps().get(1).server().cpuPercent()).isNull();
        assertThat(folder.steps().get(0).footprintPerDomain()).isNull();
        assertThat(folder.samples()).hasSize(3 * ResultsFixture.SECONDS);
        assertThat(folder.samples()).filteredOn(s -> !s.reachable()).hasSize(60)
                .allSatisfy(s -> assertThat(s.outstanding()).isNull());
        assertThat(folder.summary()).hasValueSatisfying(s -> assertThat(s.saturatedAtDomains()).isEqualTo(300));
        assertThat(folder.notes()).isEmpty();
    }

    @Test
    void csvColumnsAreFoundByNameWhateverTheirOrder() throws IOException {
        ResultsFixture.write(dir);
        List<String> lines = Files.readAllLines(dir.resolve("server-metrics.csv"));
        List<String> header = Arrays.asList(lines.get(0).split(","));
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < header.size(); i++) {
            order.add(i);
        }
        Collections.reverse(order);
        List<String> reordered = new ArrayList<>();
        for (String line : lines) {
            List<String> cells = CsvRows.split(line);
            reordered.add(String.join(",", order.stream().map(i -> quote(cells.get(i))).toList()));
        }
        List<MetricSample> before = ResultsReader.read(dir).samples();
        Files.write(dir.resolve("server-metrics.csv"), reordered);
        assertThat(ResultsReader.read(dir).samples()).isEqualTo(before);
    }

    @Test
    void failedOperationsAreNotedPerStep() throws IOException {
        ResultsFixture.write(dir);
        List<String> lines = new ArrayList<>(Files.readAllLines(dir.resolve("steps.jsonl")));
        lines.set(2, lines.get(2).replaceFirst("\"count\":10000,\"errors\":0", "\"count\":10000,\"errors\":12"));
        Files.write(dir.resolve("steps.jsonl"), lines);
        assertThat(ResultsReader.read(dir).notes())
                .containsExactly("Step load-2 (200): 12 of 10000 create operations failed.");
    }

    @Test
    void quotedCellsKeepTheirCommasAndQuotes() {
        assertThat(CsvRows.split("a,\"b, \"\"c\"\"\",,d")).containsExactly("a", "b, \"c\"", "", "d");
    }

    @Test
    void aFolderWithoutRunJsonIsRefusedNamingTheFile() {
        assertThatThrownBy(() -> ResultsReader.read(dir)).isInstanceOf(NoSuchFileException.class)
                .hasMessageContaining("run.json");
    }

    @Test
    void invalidRunJsonIsOneClearSentence() throws IOException {
        Files.writeString(dir.resolve("run.json"), "{\"tool\":");
        assertThatThrownBy(() -> ResultsReader.read(dir)).isInstanceOf(IOException.class)
                .hasMessageContaining("run.json is not valid JSON");
    }

    private static String quote(String cell) {
        return cell.contains(",") ? "\"" + cell + "\"" : cell;
    }
}
