package dev.zkload.runner.report;

import dev.zkload.bench.ops.Op;
import dev.zkload.bench.result.OpStats;
import dev.zkload.runner.result.LevelResult;
import dev.zkload.runner.result.MetricSample;
import dev.zkload.runner.result.StepResult;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.AbstractRenderer;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Builds the report's charts as JFreeChart models (tests inspect them before they are rendered):
 * per-operation values per step, like figures 1 and 2 of the 2017 report, and the leader's
 * outstanding requests over time with the saturation threshold, like its figure 3.
 */
final class Charts {
    /** Consecutive samples further apart than this (ms) are not joined by a line: the leader was away. */
    static final long GAP_MS = 5_000;

    static final Paint[] PALETTE = {
        new Color(0x1f77b4),
        new Color(0xff7f0e),
        new Color(0x2ca02c),
        new Color(0xd62728),
        new Color(0x9467bd),
        new Color(0x8c564b),
        new Color(0xe377c2)
    };
    static final Color GRID = new Color(0xdddddd);
    /** Shading of the phases in which a step's domains registered. */
    private static final Color BURST = new Color(255, 220, 120, 70);

    private Charts() {}

    /**
     * One value per operation per step: grouped bars (x = steps by domain count, one bar per operation),
     * the layout of the 2017 report's TPS figures, or lines when {@code lines} is set (for latencies,
     * where the trend matters more than the comparison). The bisection's steps come after the grid's in
     * ramp order but take their place among them by domain count, so that a line follows the load.
     */
    static JFreeChart perStep(
            String title, String valueAxis, List<StepResult> steps, Function<OpStats, Double> value, boolean lines) {
        List<StepResult> byLoad = steps.stream()
                .sorted(Comparator.comparingInt(StepResult::domains))
                .toList();
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (Op op : Op.values()) {
            for (StepResult step : byLoad) {
                data.addValue(StepLabels.op(step, op).map(value).orElse(null), op.jsonName(), StepLabels.label(step));
            }
        }
        return perCategory(title, "step (domains)", valueAxis, data, lines);
    }

    /** One value per operation per level of an experiment, laid out as {@link #perStep}. */
    static JFreeChart perLevel(
            String title,
            String levelAxis,
            String valueAxis,
            List<LevelResult> levels,
            Function<OpStats, Double> value,
            boolean lines) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (Op op : Op.values()) {
            for (LevelResult level : levels) {
                OpStats stats = level.ops().get(op.jsonName());
                // failed calls return at once: plotted, they would look like a very fast ensemble
                boolean failed = stats != null && stats.count() > 0 && stats.errors() == stats.count();
                data.addValue(stats == null || failed ? null : value.apply(stats), op.jsonName(), level.label());
            }
        }
        return perCategory(title, levelAxis, valueAxis, data, lines);
    }

    private static JFreeChart perCategory(
            String title, String categoryAxis, String valueAxis, DefaultCategoryDataset data, boolean lines) {
        return styled(
                lines
                        ? ChartFactory.createLineChart(
                                title, categoryAxis, valueAxis, data, PlotOrientation.VERTICAL, true, false, false)
                        : ChartFactory.createBarChart(
                                title, categoryAxis, valueAxis, data, PlotOrientation.VERTICAL, true, false, false));
    }

    /**
     * {@code compare}'s figure: one metric at one level of every run, grouped by operation, one colour per
     * run (the first run's colour is the first of the palette in every figure).
     */
    static JFreeChart compared(List<ComparedRun> runs, String level, OpMetric metric) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (Op op : Op.values()) {
            for (ComparedRun run : runs) {
                data.addValue(CompareTables.value(run, level, op, metric), run.label(), op.jsonName());
            }
        }
        return styled(ChartFactory.createBarChart(
                metric.name() + " per operation at " + level,
                "operation",
                metric.axis(),
                data,
                PlotOrientation.VERTICAL,
                true,
                false,
                false));
    }

    private static JFreeChart styled(JFreeChart chart) {
        CategoryPlot plot = chart.getCategoryPlot();
        style(chart);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(GRID);
        AbstractRenderer renderer = (AbstractRenderer) plot.getRenderer();
        if (renderer instanceof LineAndShapeRenderer line) {
            line.setDefaultShapesVisible(true);
        } else if (renderer instanceof BarRenderer bar) {
            bar.setBarPainter(new StandardBarPainter());
            bar.setShadowVisible(false);
            bar.setItemMargin(0.05);
        }
        for (int i = 0; i < PALETTE.length; i++) {
            renderer.setSeriesPaint(i, PALETTE[i]);
            renderer.setSeriesStroke(i, new BasicStroke(2f));
        }
        return chart;
    }

    /**
     * The leader's outstanding requests over the run, one series per server while it led (so a leader
     * change shows as a change of colour), a horizontal marker at the threshold, a vertical marker
     * where each step began and a shaded band while its domains registered. X is minutes since the run
     * started.
     */
    static JFreeChart outstanding(RunView folder) {
        long origin = origin(folder);
        XYSeriesCollection data = outstandingByLeader(folder, origin);
        JFreeChart chart = ChartFactory.createXYLineChart(
                "Leader outstanding requests over time",
                "minutes since the run started",
                "outstanding requests",
                data,
                PlotOrientation.VERTICAL,
                true,
                false,
                false);
        XYPlot plot = styledXY(chart, 1.5f);
        folder.run().outstandingThreshold().ifPresent(t -> markThreshold(plot, t, data.getSeriesCount() > 0));
        for (StepResult step : folder.steps()) {
            markStep(plot, step, origin);
        }
        return chart;
    }

    /** One series per server while it led; a gap in its samples stays a gap in the line. */
    private static XYSeriesCollection outstandingByLeader(RunView folder, long origin) {
        Map<String, XYSeries> byLeader = new TreeMap<>();
        Map<String, Long> lastSeen = new TreeMap<>();
        for (MetricSample s : folder.samples().stream()
                .filter(MetricSample::isLeader)
                .sorted((a, b) -> Long.compare(a.epochMs(), b.epochMs()))
                .toList()) {
            XYSeries series = byLeader.computeIfAbsent(s.server(), k -> new XYSeries("leader " + k, true, false));
            Long previous = lastSeen.put(s.server(), s.epochMs());
            if (previous != null && s.epochMs() - previous > GAP_MS) {
                series.add(minutes(s.epochMs() - GAP_MS / 2, origin), null);
            }
            series.addOrUpdate((Number) minutes(s.epochMs(), origin), s.outstanding());
        }
        XYSeriesCollection data = new XYSeriesCollection();
        byLeader.values().forEach(data::addSeries);
        return data;
    }

    private static void markThreshold(XYPlot plot, double threshold, boolean hasData) {
        ValueMarker marker = new ValueMarker(
                threshold,
                Color.RED,
                new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {8f, 6f}, 0f));
        marker.setLabel("threshold " + Numbers.decimal(threshold, 1));
        marker.setLabelPaint(Color.RED);
        marker.setLabelFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
        marker.setLabelAnchor(RectangleAnchor.TOP_LEFT);
        marker.setLabelTextAnchor(TextAnchor.BOTTOM_LEFT);
        plot.addRangeMarker(marker, Layer.FOREGROUND);
        double top = Math.max(threshold, hasData ? plot.getRangeAxis().getUpperBound() : 0);
        plot.getRangeAxis().setRange(0, top * 1.15);
    }

    /** Where the step began, and its registration burst: shown, but the step is judged on the settled load after it. */
    private static void markStep(XYPlot plot, StepResult step, long origin) {
        if (step.startTime() == null) {
            return;
        }
        double from = minutes(step.startTime().toEpochMilli(), origin);
        if (step.phases() != null && step.phases().addSec() > 0) {
            plot.addDomainMarker(
                    new IntervalMarker(from, from + step.phases().addSec() / 60.0, BURST), Layer.BACKGROUND);
        }
        ValueMarker marker = new ValueMarker(from, Color.GRAY, new BasicStroke(1f));
        marker.setLabel(StepLabels.id(step));
        marker.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        marker.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
        marker.setLabelTextAnchor(TextAnchor.TOP_LEFT);
        plot.addDomainMarker(marker, Layer.BACKGROUND);
    }

    private static double minutes(long epochMs, long origin) {
        return (epochMs - origin) / 60_000.0;
    }

    private static long origin(RunView folder) {
        return instant(folder.run().startTime()).map(Instant::toEpochMilli).orElseGet(() -> folder.samples().stream()
                .mapToLong(MetricSample::epochMs)
                .min()
                .orElse(0));
    }

    private static Optional<Instant> instant(String text) {
        if (text == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Instant.parse(text));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** The house style on a chart over time: white, light grid lines, the palette, lines of the given width. */
    static XYPlot styledXY(JFreeChart chart, float stroke) {
        XYPlot plot = chart.getXYPlot();
        style(chart);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(GRID);
        plot.setDomainGridlinePaint(GRID);
        for (int i = 0; i < plot.getSeriesCount(); i++) {
            plot.getRenderer().setSeriesPaint(i, PALETTE[i % PALETTE.length]);
            plot.getRenderer().setSeriesStroke(i, new BasicStroke(stroke));
        }
        return plot;
    }

    static void style(JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.getTitle().setFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
    }
}
