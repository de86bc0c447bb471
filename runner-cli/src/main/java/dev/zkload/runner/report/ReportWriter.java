package dev.zkload.runner.report;

import dev.zkload.bench.result.OpStats;
import dev.zkload.runner.result.ResultReader;
import dev.zkload.runner.result.RunResults;
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
import org.jfree.chart.JFreeChart;

/**
 * Builds {@code report.md}, {@code report.html} and the PNG charts of a results folder from its files
 * alone, so it can run after the ramp, again later, or on a run that was killed.
 *
 * <pre>{@code
 * ReportFiles files = ReportWriter.write(Path.of("results/2026-11-22T150000Z"));
 * }</pre>
 */
public final class ReportWriter {
    static final String MARKDOWN = "report.md";
    static final String HTML = "report.html";
    static final String TPS_PNG = "tps-per-step.png";
    static final String P99_PNG = "p99-per-step.png";
    static final String OUTSTANDING_PNG = "outstanding.png";
    /** Chart size in pixels. */
    static final int WIDTH = 1000;

    static final int HEIGHT = 500;

    private ReportWriter() {}

    /**
     * Writes the reports into {@code resultsDir}, replacing earlier ones.
     *
     * @throws java.nio.file.NoSuchFileException if the folder has no {@code run.json}
     * @throws IOException if a file cannot be read or written, or run.json is not valid JSON
     */
    public static ReportFiles write(Path resultsDir) throws IOException {
        return write(resultsDir, RunView.DEFAULT_PERCENTILES);
    }

    /**
     * Writes the reports with one latency table per percentile asked for (each above 0, at most 100),
     * computed from the histogram logs.
     */
    public static ReportFiles write(Path resultsDir, List<Double> percentiles) throws IOException {
        // Charts are drawn off-screen; without this a server with no display fails inside AWT.
        System.setProperty("java.awt.headless", "true");
        return switch (ResultReader.run(resultsDir).kind()) {
            case CONNECTIONS, ZNODES, DATA_SIZE, WATCHES, MAX_RATE, DISRUPT ->
                SweepReport.write(SweepResults.read(resultsDir));
            case LATENCY -> LatencyRunReport.write(ResultReader.read(resultsDir), percentiles);
            // a simulate run is reported as a ramp that has no steps
            case RAMP, SIMULATE -> rampReport(resultsDir, ResultReader.read(resultsDir), percentiles);
        };
    }

    private static ReportFiles rampReport(Path resultsDir, RunResults results, List<Double> percentiles)
            throws IOException {
        RunView folder = RunView.of(results, percentiles);
        List<Path> charts = new ArrayList<>();
        if (!folder.samples().isEmpty()) {
            charts.add(png(Charts.outstanding(folder), resultsDir.resolve(OUTSTANDING_PNG)));
        }
        if (folder.steps().stream().anyMatch(s -> !s.ops().isEmpty())) {
            charts.add(png(
                    Charts.perStep(
                            "TPS per operation per step",
                            "operations per second",
                            folder.steps(),
                            OpStats::opsPerSec,
                            false),
                    resultsDir.resolve(TPS_PNG)));
            charts.add(png(
                    Charts.perStep(
                            "p99 latency per operation per step",
                            "p99 latency (ms)",
                            folder.steps(),
                            OpStats::p99Ms,
                            true),
                    resultsDir.resolve(P99_PNG)));
        }
        if (ResourceTables.anyStages(folder.steps())) {
            charts.add(png(StageChart.of(folder.steps()), resultsDir.resolve(StageChart.PNG)));
        }
        Set<String> names = new LinkedHashSet<>();
        charts.forEach(c -> names.add(c.getFileName().toString()));
        return render(resultsDir, ReportDocument.build(folder, names), charts);
    }

    /** Writes report.md from the blocks and report.html from report.md, with the charts inside it. */
    static ReportFiles render(Path resultsDir, List<Block> blocks, List<Path> charts) throws IOException {
        String markdown = MarkdownReport.render(blocks);
        String title = blocks.stream()
                .filter(b -> b instanceof Block.Title)
                .map(b -> ((Block.Title) b).text())
                .findFirst()
                .orElse("zkload report");
        Path md = Files.writeString(resultsDir.resolve(MARKDOWN), markdown, StandardCharsets.UTF_8);
        Path html = Files.writeString(
                resultsDir.resolve(HTML), HtmlReport.render(markdown, title, resultsDir), StandardCharsets.UTF_8);
        return new ReportFiles(md, html, charts);
    }

    static Path png(JFreeChart chart, Path file) throws IOException {
        ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH, HEIGHT);
        return file;
    }
}
