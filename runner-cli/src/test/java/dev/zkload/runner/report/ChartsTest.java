package dev.zkload.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.ops.Op;
import dev.zkload.bench.result.OpStats;
import dev.zkload.runner.result.MetricSample;
import dev.zkload.runner.result.ResultReader;
import dev.zkload.runner.result.StepFixture;
import dev.zkload.runner.result.StepResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartsTest {
    @TempDir
    Path dir;

    RunView folder;

    @BeforeEach
    void read() throws IOException {
        folder = RunView.of(ResultReader.read(ResultsFixture.write(dir)), RunView.DEFAULT_PERCENTILES);
    }

    @Test
    void outstandingChartHoldsOnlyTheLeadersSamplesOneSeriesPerLeader() {
        XYDataset data = Charts.outstanding(folder).getXYPlot().getDataset();
        assertThat(data.getSeriesCount()).isEqualTo(2);
        assertThat(String.valueOf(data.getSeriesKey(0))).isEqualTo("leader " + ResultsFixture.S1);
        assertThat(String.valueOf(data.getSeriesKey(1))).isEqualTo("leader " + ResultsFixture.S2);
        int points = 0;
        int gaps = 0;
        for (int s = 0; s < data.getSeriesCount(); s++) {
            for (int i = 0; i < data.getItemCount(s); i++) {
                Number y = data.getY(s, i);
                if (y == null) {
                    gaps++;
                    continue;
                }
                points++;
                // x is minutes since the run started; the fixture's leader has 3 outstanding per second
                long second = Math.round(data.getXValue(s, i) * 60);
                assertThat(y.longValue()).isEqualTo(ResultsFixture.leaderOutstanding((int) second));
            }
        }
        assertThat(points).isEqualTo(ResultsFixture.leaderRows());
        assertThat(gaps).isZero();
    }

    @Test
    void outstandingChartMarksTheThresholdAndEveryStepStart() {
        XYPlot plot = Charts.outstanding(folder).getXYPlot();
        List<Double> range = values(plot.getRangeMarkers(Layer.FOREGROUND));
        assertThat(range).containsExactly(300.0);
        assertThat(plot.getRangeAxis().getUpperBound()).isGreaterThan(300.0);
        assertThat(values(plot.getDomainMarkers(Layer.BACKGROUND))).containsExactly(0.0, 0.5, 1.0, 1.5);
        // each load step's registration burst is shaded from its start for its add phase (20 s per 100 domains)
        assertThat(bursts(plot.getDomainMarkers(Layer.BACKGROUND)))
                .containsExactly("0.5-0.833", "1.0-1.667", "1.5-2.5");
    }

    @Test
    void aLeaderThatComesBackAfterAGapIsNotJoinedAcrossIt() {
        List<MetricSample> samples = List.of(
                new MetricSample(1_000, "a", true, "LEADER", 5L),
                new MetricSample(2_000, "a", true, "LEADER", 6L),
                new MetricSample(2_000 + Charts.GAP_MS + 1, "a", true, "STANDALONE", 7L),
                new MetricSample(3_000, "b", true, "FOLLOWER", 99L));
        RunView gappy = new RunView(
                dir,
                folder.run(),
                List.of(),
                samples,
                folder.summary(),
                List.of(),
                folder.histograms(),
                folder.percentiles());
        XYDataset data = Charts.outstanding(gappy).getXYPlot().getDataset();
        assertThat(data.getSeriesCount()).isEqualTo(1);
        assertThat(data.getItemCount(0)).isEqualTo(4);
        assertThat(data.getY(0, 2)).isNull();
    }

    @Test
    void perStepChartHasOneSeriesPerOpAndStepsInRampOrder() {
        JFreeChart chart = Charts.perStep("TPS", "operations per second", folder.steps(), OpStats::opsPerSec, false);
        CategoryDataset data = chart.getCategoryPlot().getDataset();
        assertThat(keys(data.getRowKeys()))
                .containsExactly(
                        java.util.Arrays.stream(Op.values()).map(Op::jsonName).toArray(String[]::new));
        assertThat(keys(data.getColumnKeys()))
                .containsExactly("bm-0 (0)", "load-1 (100)", "load-2 (200)", "load-3 (300)");
        assertThat(data.getValue("watch", "load-2 (200)").doubleValue()).isEqualTo(ResultsFixture.tps(2, Op.WATCH));
        assertThat(chart.getCategoryPlot().getRangeAxis().getLabel()).isEqualTo("operations per second");
    }

    @Test
    void theBisectionsStepsTakeTheirPlaceAmongTheGridsByDomainCount() {
        List<StepResult> steps = List.of(
                StepFixture.step(0).build(),
                StepFixture.step(100).build(),
                StepFixture.step(200).saturated().build(),
                StepFixture.step(150).refinement().saturated().build(),
                StepFixture.step(125).refinement().build());
        CategoryDataset data = Charts.perStep("TPS", "operations per second", steps, OpStats::opsPerSec, true)
                .getCategoryPlot()
                .getDataset();
        assertThat(keys(data.getColumnKeys()))
                .containsExactly(
                        "load-1 (0)",
                        "load-1 (100)",
                        "load-1 (125, refinement)",
                        "load-1 (150, refinement)",
                        "load-1 (200)");
    }

    /** JFreeChart's datasets hand out raw lists of keys. */
    private static List<String> keys(List<?> raw) {
        return raw.stream().map(String::valueOf).toList();
    }

    private static List<Double> values(java.util.Collection<?> markers) {
        List<Double> values = new ArrayList<>();
        if (markers != null) {
            for (Object m : markers) {
                if (m instanceof ValueMarker v) {
                    values.add(v.getValue());
                }
            }
        }
        return values;
    }

    private static List<String> bursts(java.util.Collection<?> markers) {
        List<String> spans = new ArrayList<>();
        for (Object m : markers) {
            if (m instanceof IntervalMarker i) {
                spans.add(String.format(Locale.ROOT, "%.1f-%.3f", i.getStartValue(), i.getEndValue())
                        .replaceAll("0+$", "")
                        .replaceAll("\\.$", ".0"));
            }
        }
        return spans;
    }
}
