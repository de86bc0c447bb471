package dev.zkload.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.ops.Op;
import dev.zkload.bench.result.HistogramLogs;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.ResultReader;
import dev.zkload.runner.result.RunHistograms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's latencies come from the HdrHistogram logs, so any percentile can be asked for after the run,
 * and merged shards' logs add up exactly.
 */
class HistogramReportTest {

    /**
     * 1000 calls: {@code slow} at 2 ms, the others at 1 ms (both below 2048 µs, where a 3-digit histogram is
     * exact to the microsecond).
     */
    private static Histogram histogram(int slow) {
        Histogram h = new Histogram(3_600_000_000L, 3);
        h.recordValueWithCount(1000, 1000 - slow);
        h.recordValueWithCount(2000, slow);
        h.setStartTimeStamp(1_000);
        h.setEndTimeStamp(2_000);
        return h;
    }

    private static void writeLog(Path dir, int step, int slow) throws Exception {
        Map<String, Histogram> byOp = new LinkedHashMap<>();
        for (Op op : Op.values()) {
            byOp.put(op.jsonName(), histogram(slow));
        }
        HistogramLogs.write(
                dir.resolve(ResultFiles.HISTOGRAMS).resolve(HistogramLogs.fileName(ResultFiles.stepLogs(step), 1, "t")),
                "test",
                byOp);
    }

    @Test
    void percentilesAskedForAfterTheRunAreComputedFromTheLogs(@TempDir Path dir) throws Exception {
        ResultsFixture.write(dir);
        writeLog(dir, 2, 10);
        String md = ResultsFixture.read(
                ReportWriter.write(dir, List.of(99.9, 99.99)).markdown());

        MarkdownTables p999 = MarkdownTables.under(md, "## p99.9 latency per operation per step (ms)");
        // step 2 from its log (10 of 1000 calls at 2 ms), the others as steps.jsonl recorded them
        assertThat(p999.cell("get", "load-2 (200)")).isEqualTo("2");
        assertThat(p999.cell("get", "load-1 (100)")).isEqualTo("5");
        MarkdownTables p9999 = MarkdownTables.under(md, "## p99.99 latency per operation per step (ms)");
        assertThat(p9999.cell("get", "load-2 (200)")).isEqualTo("2");
        assertThat(p9999.cell("get", "load-1 (100)"))
                .as("steps.jsonl has no p99.99 and step 1 has no log")
                .isEqualTo("n/a");
        assertThat(MarkdownTables.under(md, "## Calls and errors per operation per step")
                        .cell("watch", "load-2 (200)"))
                .isEqualTo("1000");
        assertThat(md).doesNotContain("## p99 latency per operation");
    }

    @Test
    void aShardMergeAddsTheShardsHistogramsExactly(@TempDir Path tmp) throws Exception {
        List<Path> shards = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Path dir = Files.createDirectories(tmp.resolve("shard-" + i));
            ResultsFixture.write(dir);
            Files.writeString(
                    dir.resolve("run.json"),
                    ResultsFixture.runJson()
                            .replace(
                                    "\"benchTarget\":\"leader\"}",
                                    "\"benchTarget\":\"leader\",\"shard\":{\"index\":" + i
                                            + ",\"count\":2,\"startAt\":\"2026-11-22T15:00:00Z\","
                                            + "\"stepIntervalSec\":30}}"));
            writeLog(dir, 1, i == 0 ? 10 : 500);
            shards.add(dir);
        }
        Path merged = tmp.resolve("merged");
        ShardMerge.merge(shards, merged);

        RunHistograms logs = ResultReader.read(merged).histograms();
        Histogram get = logs.of(ResultFiles.stepLogs(1), 1, "get").orElseThrow();
        assertThat(get.getTotalCount()).isEqualTo(2000);
        assertThat(get.getCountAtValue(2000)).isEqualTo(510);
        // 1490 at 1 ms, 510 at 2 ms: percentiles of the sum, not of either shard (shard 1's median is 2 ms)
        assertThat(get.getValueAtPercentile(50)).isEqualTo(1000);
        assertThat(get.getValueAtPercentile(80)).isEqualTo(2000);
    }
}
