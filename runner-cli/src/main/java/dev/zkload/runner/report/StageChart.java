package dev.zkload.runner.report;

import dev.zkload.runner.result.LeaderStages;
import dev.zkload.runner.result.StepResult;
import java.awt.Color;
import java.util.Comparator;
import java.util.List;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.GroupedStackedBarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.KeyToGroupMap;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * Where a request's time went at the leader, step by step: for each step a bar for a write and one for a
 * read, each stacked from the stages it passes one after another, so that the stage that grows towards
 * saturation is the one whose band widens.
 */
final class StageChart {
    static final String PNG = "stages-per-step.png";

    private StageChart() {}

    static JFreeChart of(List<StepResult> steps) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        KeyToGroupMap groups = new KeyToGroupMap("write");
        List<StepResult> byLoad = steps.stream()
                .filter(s -> s.stages() != null)
                .sorted(Comparator.comparingInt(StepResult::domains))
                .toList();
        for (boolean writes : new boolean[] {true, false}) {
            String path = writes ? "write" : "read";
            for (int i = 0; i < 4; i++) {
                // the same place on every step's path: a standalone server's third stage is its sync processor
                int place = i;
                String series = path + ": "
                        + byLoad.stream()
                                .map(s -> s.stages().path(writes).get(place).label())
                                .distinct()
                                .collect(java.util.stream.Collectors.joining(" / "));
                groups.mapKeyToGroup(series, path);
                for (StepResult s : byLoad) {
                    LeaderStages.StageTime t =
                            s.stages().of(s.stages().path(writes).get(place));
                    data.addValue(t == null ? null : t.meanMs(), series, StepLabels.label(s));
                }
            }
        }
        JFreeChart chart = ChartFactory.createStackedBarChart(
                "A request's time at the leader per step (left bar: a write, right: a read)",
                "step (domains)",
                "mean time at the leader (ms)",
                data,
                PlotOrientation.VERTICAL,
                true,
                false,
                false);
        Charts.style(chart);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Charts.GRID);
        GroupedStackedBarRenderer renderer = new GroupedStackedBarRenderer();
        renderer.setSeriesToGroupMap(groups);
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setItemMargin(0.1);
        // a stage has one colour in both bars, a read's a lighter shade of it
        int writeStages = 4;
        for (int i = 0; i < data.getRowCount(); i++) {
            Color c = (Color) Charts.PALETTE[(i % writeStages) % Charts.PALETTE.length];
            renderer.setSeriesPaint(i, i < writeStages ? c : lighter(c));
        }
        plot.setRenderer(renderer);
        return chart;
    }

    private static Color lighter(Color c) {
        return new Color((c.getRed() + 255) / 2, (c.getGreen() + 255) / 2, (c.getBlue() + 255) / 2);
    }
}
