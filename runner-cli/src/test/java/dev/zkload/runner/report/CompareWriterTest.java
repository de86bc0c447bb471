package dev.zkload.runner.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zkload.bench.ops.Op;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareWriterTest {

    private static Path run(Path tmp, String name, String snapCount, double p99Factor) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        ResultsFixture.write(dir);
        Files.writeString(
                dir.resolve("run.json"),
                ResultsFixture.runJson().replace("\"snapCount\":null", "\"snapCount\":" + snapCount));
        StringBuilder steps = new StringBuilder();
        for (int s = 0; s <= 3; s++) {
            String line = ResultsFixture.stepJson(s, true);
            for (Op op : Op.values()) {
                line = line.replace(
                        String.format(java.util.Locale.ROOT, "\"p99Ms\":%.1f,", ResultsFixture.p99(s, op)),
                        String.format(java.util.Locale.ROOT, "\"p99Ms\":%.3f,", ResultsFixture.p99(s, op) * p99Factor));
            }
            steps.append(line).append('\n');
        }
        Files.writeString(dir.resolve("steps.jsonl"), steps);
        return dir;
    }

    @Test
    void theSettingsThatDifferComeFirstAndEveryFigureHasItsRatio(@TempDir Path tmp) throws IOException {
        Path a = run(tmp, "snap-100k", "100000", 1);
        Path b = run(tmp, "snap-1m", "1000000", 1.5);
        CompareWriter.Result result = CompareWriter.write(List.of(a, b), tmp.resolve("out"), null);
        String md = Files.readString(result.markdown());

        MarkdownTables settings = MarkdownTables.under(md, "## Settings that differ");
        assertThat(settings.firstColumn()).containsExactly("target.snapCount");
        assertThat(settings.cell("target.snapCount", "snap-100k")).isEqualTo("100000");
        assertThat(settings.cell("target.snapCount", "snap-1m")).isEqualTo("1000000");
        assertThat(md.indexOf("## Settings that differ")).isLessThan(md.indexOf("## TPS per operation"));

        assertThat(md)
                .contains("| create | 200 domains | 3 | 4.5 | 1.5× |")
                .contains("| znodes | 200 domains | " + ResultsFixture.znodes(2) + " | " + ResultsFixture.znodes(2)
                        + " | 1× |");
        assertThat(result.charts())
                .extracting(p -> p.getFileName().toString())
                .contains("compare-tps-0-domains.png", "compare-p99-300-domains.png");
        assertThat(result.regressions()).isEmpty();
    }

    @Test
    void theGateFailsOnEveryP99FiftyPercentWorseAndPassesWithinItsLimit(@TempDir Path tmp) throws IOException {
        Path baseline = run(tmp, "baseline", "100000", 1);
        Path worse = run(tmp, "worse", "100000", 1.5);
        CompareWriter.Result failed = CompareWriter.write(List.of(baseline, worse), tmp.resolve("gate"), 0.10);
        assertThat(failed.gatePassed()).isFalse();
        assertThat(failed.notCompared()).isEmpty();
        assertThat(failed.regressions()).hasSize(4 * Op.values().length).allMatch(r -> r.metric()
                .equals("p99"));
        assertThat(failed.regressions().get(0).text()).isEqualTo("worse at 0 domains: create p99 1 → 1.5 (50% worse)");
        assertThat(Files.readString(failed.markdown())).contains("**Failed (exit code 3): 28 figure(s) more than 10%");

        assertThat(CompareWriter.write(List.of(baseline, worse), tmp.resolve("lenient"), 0.6)
                        .gatePassed())
                .isTrue();
    }

    @Test
    void aRunThatStoppedEarlierFailsTheGateAsNotCompared(@TempDir Path tmp) throws IOException {
        Path baseline = run(tmp, "baseline", "100000", 1);
        Path shorter = run(tmp, "shorter", "100000", 1);
        List<String> lines = Files.readAllLines(shorter.resolve("steps.jsonl"));
        Files.write(shorter.resolve("steps.jsonl"), lines.subList(0, 3));
        CompareWriter.Result result = CompareWriter.write(List.of(baseline, shorter), tmp.resolve("gate"), 0.10);
        assertThat(result.regressions()).isEmpty();
        assertThat(result.notCompared()).containsExactly("shorter has no 300 domains (the baseline's load-3 (300))");
        assertThat(result.gatePassed()).isFalse();
    }

    @Test
    void aFolderOfANewerSchemaIsRefused(@TempDir Path tmp) throws IOException {
        Path a = run(tmp, "a", "100000", 1);
        Path b = run(tmp, "b", "100000", 1);
        Files.writeString(
                b.resolve("run.json"), ResultsFixture.runJson().replaceFirst("\\{", "{\"schemaVersion\":99,"));
        assertThatThrownBy(() -> CompareWriter.write(List.of(a, b), tmp.resolve("out"), null))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("was written by a newer zkload (results schema 99");
    }
}
