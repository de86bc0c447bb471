package dev.zkload.runner.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zkload.runner.result.LevelResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code compare} of two runs of one experiment: levels matched by value, max-rate by its answer. */
class CompareSweepsTest {
    @Test
    void levelsOfTheSameValueMeetSideBySideWithWhatEachMeasured(@TempDir Path tmp) throws IOException {
        Path a = SweepFixture.znodes(tmp, "snap-100k", 100_000, 1);
        Path b = SweepFixture.znodes(tmp, "snap-1m", 1_000_000, 2);
        CompareWriter.Result result = CompareWriter.write(List.of(a, b), tmp.resolve("out"), 0.1);
        String md = Files.readString(result.markdown());

        assertThat(MarkdownTables.under(md, "## Settings that differ").firstColumn())
                .containsExactly("target.snapCount");
        assertThat(md)
                .contains("snap-100k (the baseline): znodes run")
                .contains("| create | 100000 znodes | 4 | 8 | 2× |")
                .contains("| snapshotMsAvg | 100000 znodes | 120 | 240 | 2× |")
                // the experiment measured two of the seven operations: the others have no rows
                .doesNotContain("| watch | 0 znodes |");
        assertThat(result.charts())
                .extracting(p -> p.getFileName().toString())
                .contains("compare-tps-100000-znodes.png");
        // p99 doubled at both levels, for both operations: four regressions, TPS unchanged
        assertThat(result.regressions()).hasSize(4).allMatch(r -> r.metric().equals("p99"));
        assertThat(result.notCompared()).isEmpty();
    }

    private static LevelResult rate(int index, long target, boolean held) {
        return new LevelResult(
                index,
                String.valueOf(target),
                target,
                Instant.EPOCH,
                Instant.EPOCH,
                Map.of("targetRate", (double) target, "passed", held ? 1.0 : 0.0),
                List.of(),
                Map.of("get", SweepFixture.op((double) target, 5)),
                SweepFixture.HEALTHY,
                false);
    }

    @Test
    void maxRateRunsCompareOnTheirAnswerWhateverRatesTheirSearchesTried(@TempDir Path tmp) throws IOException {
        Path a = SweepFixture.write(
                tmp,
                "before",
                "max-rate",
                Map.of(),
                List.of(rate(1, 1000, true), rate(2, 2000, true), rate(3, 4000, false), rate(4, 3000, false)),
                Map.of("maxRate", 2000.0, "converged", 1.0));
        Path b = SweepFixture.write(
                tmp,
                "after",
                "max-rate",
                Map.of(),
                List.of(rate(1, 1500, true), rate(2, 3000, false), rate(3, 2250, false)),
                Map.of("maxRate", 1500.0, "converged", 1.0));
        CompareWriter.Result gated = CompareWriter.write(List.of(a, b), tmp.resolve("out"), 0.1);
        assertThat(Files.readString(gated.markdown())).contains("| maxRate | run | 2000 | 1500 | 0.75× |");
        assertThat(gated.regressions()).singleElement().satisfies(r -> assertThat(r.text())
                .isEqualTo("after at its answer: max-rate (the highest rate that held) 2000 → 1500 (25% worse)"));
        assertThat(gated.notCompared()).isEmpty();
        assertThat(CompareWriter.write(List.of(a, b), tmp.resolve("out2"), 0.3).gatePassed())
                .isTrue();
    }

    @Test
    void runsOfDifferentExperimentsDoNotCompare(@TempDir Path tmp) throws IOException {
        Path a = SweepFixture.znodes(tmp, "znodes", 100_000, 1);
        Path b = SweepFixture.write(
                tmp, "rates", "max-rate", Map.of(), List.of(rate(1, 1000, true)), Map.of("maxRate", 1000.0));
        assertThatThrownBy(() -> CompareWriter.write(List.of(a, b), tmp.resolve("out"), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("holds a max-rate run")
                .hasMessageContaining("a znodes run: compare runs of one kind");
    }
}
