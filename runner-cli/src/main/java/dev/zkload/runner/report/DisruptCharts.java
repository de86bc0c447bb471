package dev.zkload.runner.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * {@code disrupt}'s charts over time, from its {@code timeline.csv}: one line per load, x the seconds
 * from the fault (a marker at 0, and one where the fault's own actions ended, from each level's
 * {@code faultSeconds}), so that the loads' courses lie over each other and the one that recovers last
 * stands out. A count that stayed 0 throughout is drawn on an axis from 0 to 1, not on one of
 * ±5E-9 around it.
 */
final class DisruptCharts {
    static final String TIMELINE = "timeline.csv";
    static final String SESSIONS_PNG = "sessions-after-fault.png";
    static final String OUTSTANDING_PNG = "outstanding-after-fault.png";
    static final String RESHARDS_PNG = "reshard-writes-after-fault.png";

    private DisruptCharts() {}

    /**
     * The simulated sessions connected, in percent of the load's sessions; empty without a timeline.
     *
     * @param faultEnds each level's seconds from the fault's start to its end, by the level's domains
     */
    static Optional<JFreeChart> sessions(Path dir, Map<Long, Double> faultEnds) throws IOException {
        return chart(
                dir,
                faultEnds,
                "Simulated sessions connected",
                "% of the load's sessions",
                "sessionsConnected",
                row -> {
                    double expected = row.get("sessionsExpected");
                    return expected > 0 ? 100.0 * row.get("sessionsConnected") / expected : null;
                });
    }

    /** The requests queued on the leader (none plotted while no leader answered). */
    static Optional<JFreeChart> outstanding(Path dir, Map<Long, Double> faultEnds) throws IOException {
        return chart(
                dir, faultEnds, "Leader outstanding requests", "outstanding requests", "leaderOutstanding", row -> {
                    double queued = row.get("leaderOutstanding");
                    return queued >= 0 ? queued : null;
                });
    }

    /**
     * The znodes the consoles' reshards set, summed from the level's settling: the reshard storm's size and
     * when it struck; empty for a timeline written before reshards were counted.
     */
    static Optional<JFreeChart> reshardWrites(Path dir, Map<Long, Double> faultEnds) throws IOException {
        return chart(
                dir,
                faultEnds,
                "Console reshard writes",
                "znodes set by reshards since settling",
                "reshardWrites",
                row -> row.get("reshardWrites"));
    }

    private interface Value {
        Double of(Map<String, Double> row);
    }

    /** @param column the timeline's column the value needs: no chart from a timeline without it */
    private static Optional<JFreeChart> chart(
            Path dir, Map<Long, Double> faultEnds, String title, String axis, String column, Value value)
            throws IOException {
        Path file = dir.resolve(TIMELINE);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.size() < 2) {
            return Optional.empty();
        }
        String[] header = lines.get(0).split(",", -1);
        if (!List.of(header).contains(column)) {
            return Optional.empty();
        }
        Map<Long, XYSeries> byLoad = new TreeMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            Map<String, Double> row = new TreeMap<>();
            for (int i = 0; i < header.length && i < cells.length; i++) {
                row.put(header[i], number(cells[i]));
            }
            long domains = row.get("domains").longValue();
            XYSeries series = byLoad.computeIfAbsent(
                    domains, d -> new XYSeries(d + (d == 1 ? " domain" : " domains"), true, false));
            // a round that did not read the value leaves a gap in its line, not a fall to zero
            series.addOrUpdate(row.get("secondsFromFault"), value.of(row));
        }
        XYSeriesCollection data = new XYSeriesCollection();
        byLoad.values().forEach(data::addSeries);
        JFreeChart chart = ChartFactory.createXYLineChart(
                title + " around the fault",
                "seconds from the fault",
                axis,
                data,
                PlotOrientation.VERTICAL,
                true,
                false,
                false);
        XYPlot plot = Charts.styledXY(chart, 2f);
        plot.addDomainMarker(new ValueMarker(0, Color.RED, new BasicStroke(1.5f)));
        markFaultEnds(plot, faultEnds);
        if (!(data.getRangeUpperBound(false) > 0)) {
            // all 0 (or nothing read): an axis of its own would span ±5E-9 around the line
            plot.getRangeAxis().setRange(0, 1);
            ((NumberAxis) plot.getRangeAxis()).setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        }
        return Optional.of(chart);
    }

    /** A dashed line where the fault's own actions ended: once when every level's ended alike, else per level. */
    private static void markFaultEnds(XYPlot plot, Map<Long, Double> faultEnds) {
        Map<Double, List<Long>> byEnd = new TreeMap<>();
        faultEnds.forEach((domains, end) ->
                byEnd.computeIfAbsent(Math.rint(end), e -> new ArrayList<>()).add(domains));
        byEnd.forEach((end, levels) -> {
            ValueMarker marker = new ValueMarker(
                    end,
                    Color.RED,
                    new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
            marker.setLabel(byEnd.size() == 1 ? "fault over" : "fault over (" + levels.get(0) + " domains)");
            marker.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
            marker.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
            marker.setLabelTextAnchor(TextAnchor.TOP_LEFT);
            plot.addDomainMarker(marker);
        });
    }

    /** true and false (the {@code leads} column) read as 1 and 0. */
    private static Double number(String cell) {
        return switch (cell) {
            case "true" -> 1.0;
            case "false" -> 0.0;
            default -> Double.valueOf(cell);
        };
    }
}
