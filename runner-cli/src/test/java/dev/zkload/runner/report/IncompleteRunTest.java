package dev.zkload.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.ops.Op;
import dev.zkload.runner.result.ResultReader;
import dev.zkload.runner.result.RunResults;
import dev.zkload.runner.result.StepResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run that was killed: no summary, a step without benchmark, half a line at the end of steps.jsonl. */
class IncompleteRunTest {
    @TempDir
    Path dir;

    @Test
    void reportSaysIncompleteAndKeepsEveryFinishedStep() throws IOException {
        ResultsFixture.write(dir);
        Files.delete(dir.resolve("summary.json"));
        String interrupted = ResultsFixture.stepJson(4, false);
        String truncated = ResultsFixture.stepJson(5, true).substring(0, 120);
        Files.writeString(dir.resolve("steps.jsonl"), interrupted + "\n" + truncated, StandardOpenOption.APPEND);

        RunResults folder = ResultReader.read(dir);
        assertThat(folder.summary().isPresent()).isFalse();
        assertThat(folder.steps()).extracting(StepResult::step).containsExactly(0, 1, 2, 3, 4);
        assertThat(folder.notes())
                .containsExactly(
                        "steps.jsonl line 6 is incomplete (the run was probably stopped while writing it) and was skipped.",
                        "Step 4 (400 domains) has no benchmark results: it ended before its benchmark ran.");

        String md = ResultsFixture.read(ReportWriter.write(dir).markdown());
        assertThat(md).contains("**Incomplete run: there is no summary.json").doesNotContain("Stop reason");
        assertThat(md).contains("- steps.jsonl line 6 is incomplete");
        MarkdownTables tps = MarkdownTables.under(md, "## TPS per operation per step");
        assertThat(tps.header()).endsWith("load-3 (300)", "load-4 (400)");
        assertThat(tps.cell("get", "load-4 (400)")).isEqualTo("n/a");
        assertThat(tps.cell("get", "load-3 (300)")).isEqualTo(Long.toString(Math.round(ResultsFixture.tps(3, Op.GET))));
        assertThat(MarkdownTables.under(md, "## Server data per step").cell("load-4", "Znodes"))
                .isEqualTo(Long.toString(ResultsFixture.znodes(4)));
    }

    @Test
    void onlyRunJsonIsEnoughForAReport() throws IOException {
        Files.writeString(dir.resolve("run.json"), ResultsFixture.runJson());
        ReportFiles files = ReportWriter.write(dir);
        assertThat(files.charts()).isEmpty();
        String md = ResultsFixture.read(files.markdown());
        assertThat(md)
                .contains("Incomplete run", "steps.jsonl is missing", "server-metrics.csv is missing")
                .doesNotContain(".png");
        assertThat(ResultsFixture.read(files.html())).doesNotContain("<img");
    }

    @Test
    void aBrokenLineInTheMiddleIsSkippedWithItsNumber() throws IOException {
        ResultsFixture.write(dir);
        String steps = ResultsFixture.read(dir.resolve("steps.jsonl"));
        Files.writeString(dir.resolve("steps.jsonl"), steps.replaceFirst("\\{\"step\":1,", "{\"step\":1 oops,"));
        RunResults folder = ResultReader.read(dir);
        assertThat(folder.steps()).extracting(StepResult::step).containsExactly(0, 2, 3);
        assertThat(folder.notes()).singleElement().asString().startsWith("steps.jsonl line 2 is not a valid step (");
    }
}
