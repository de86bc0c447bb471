package dev.zkload.runner.report;

import dev.zkload.runner.result.ResultReader;
import dev.zkload.runner.result.RunKind;
import dev.zkload.runner.result.SweepResults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jfree.chart.ChartUtils;

/**
 * {@code compare}: two or more results folders of the same command (ramps, {@code latency} runs, or runs of
 * one experiment) side by side — the settings that differ first, then per operation TPS, p50, p99 and p99.9
 * at the steps with the same domains (the same targets, the same levels) with ratios to the first run, the
 * leader's counters or what each level measured, and grouped charts with one colour per run — into {@code compare.md}, {@code compare.html} and PNGs. With a largest
 * regression it also gates every run against the first.
 */
public final class CompareWriter {
    static final String MARKDOWN = "compare.md";
    static final String HTML = "compare.html";

    private CompareWriter() {}

    /**
     * What was written, and the gate's outcome.
     *
     * @param regressions  figures worse than {@code --max-regression} allows (empty without it)
     * @param notCompared  what the gate could not compare, one sentence each (which fails it too)
     */
    public record Result(
            Path markdown, Path html, List<Path> charts, List<Regression> regressions, List<String> notCompared) {
        public boolean gatePassed() {
            return regressions.isEmpty() && notCompared.isEmpty();
        }
    }

    /**
     * Compares the folders (the first is the baseline) into {@code out}, a folder created if needed.
     *
     * @param maxRegression the largest change allowed as a fraction (0.1 = 10%), or null for no gate
     * @throws IllegalArgumentException in one sentence, when the folders are not results of the same command
     * @throws IOException when a folder cannot be read, or is of a newer results schema
     */
    public static Result write(List<Path> dirs, Path out, Double maxRegression) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<ComparedRun> runs = read(dirs);
        List<String> levels = CompareTables.matched(runs);
        // max-rate's searches rarely try the same rates: their answers still compare
        if (levels.isEmpty() && runs.stream().allMatch(r -> r.answer().isEmpty())) {
            throw new IllegalArgumentException("the runs have no step, target or level in common: nothing to compare");
        }
        Files.createDirectories(out);
        List<Path> charts = new ArrayList<>();
        List<String> chartNames = new ArrayList<>();
        for (String level : levels) {
            if (runs.get(0).levels().get(level).ops().isEmpty()) {
                continue;
            }
            for (OpMetric metric : List.of(OpMetric.TPS, OpMetric.P99)) {
                // a level's name may hold a slash (calls/s): not in a file name
                String name = "compare-" + metric.fileName() + "-" + level.replaceAll("[^A-Za-z0-9.]+", "-") + ".png";
                ChartUtils.saveChartAsPNG(
                        out.resolve(name).toFile(),
                        Charts.compared(runs, level, metric),
                        ReportWriter.WIDTH,
                        ReportWriter.HEIGHT);
                charts.add(out.resolve(name));
                chartNames.add(name);
            }
        }
        RegressionGate.Outcome gate = maxRegression == null ? null : RegressionGate.check(runs, maxRegression);
        List<Block> blocks = CompareDocument.build(runs, levels, chartNames, gate);
        String markdown = MarkdownReport.render(blocks);
        Path md = Files.writeString(out.resolve(MARKDOWN), markdown, StandardCharsets.UTF_8);
        Path html = Files.writeString(
                out.resolve(HTML),
                HtmlReport.render(markdown, ((Block.Title) blocks.get(0)).text(), out),
                StandardCharsets.UTF_8);
        return new Result(
                md,
                html,
                charts,
                gate == null ? List.of() : gate.regressions(),
                gate == null ? List.of() : gate.notCompared());
    }

    private static List<ComparedRun> read(List<Path> dirs) throws IOException {
        List<ComparedRun> runs = new ArrayList<>();
        Set<String> labels = new LinkedHashSet<>();
        RunKind kind = null;
        for (Path dir : dirs) {
            String name = dir.toAbsolutePath().normalize().getFileName().toString();
            String label = labels.contains(name) ? name + " (" + (runs.size() + 1) + ")" : name;
            labels.add(label);
            ComparedRun run =
                    switch (ResultReader.run(dir).kind()) {
                        case RAMP, LATENCY -> ComparedRun.of(label, ResultReader.read(dir));
                        case CONNECTIONS, ZNODES, DATA_SIZE, WATCHES, MAX_RATE, DISRUPT ->
                            ComparedRun.of(label, SweepResults.read(dir));
                        case SIMULATE ->
                            throw new IllegalArgumentException(
                                    dir + " holds a simulate run: it has no steps or levels to compare");
                    };
            if (kind != null && kind != run.kind()) {
                throw new IllegalArgumentException(dir + " holds a " + run.kind() + " run, but " + dirs.get(0) + " a "
                        + kind + " run: compare runs of one kind");
            }
            kind = run.kind();
            runs.add(run);
        }
        return runs;
    }
}
