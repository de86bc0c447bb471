package dev.zkload.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DisruptChartsTest {
    private static final String HEADER = "domains,secondsFromFault,leads,silent,serversAnswering,servers,"
            + "sessionsConnected,sessionsExpected,ephemerals,watches,leaderOutstanding";

    @TempDir
    Path dir;

    @Test
    void theReshardWritesAreDrawnPerLoadOverTheSecondsFromTheFault() throws Exception {
        Files.writeString(
                dir.resolve(DisruptCharts.TIMELINE),
                HEADER + ",reshards,reshardWrites\n"
                        + "2,-1.0,true,false,3,3,10,10,291,11436,0,0,0\n"
                        + "2,30.0,true,false,3,3,10,10,291,11436,0,4,28\n"
                        + "4,-1.0,true,false,3,3,20,20,580,22900,0,0,0\n"
                        + "4,31.0,true,false,3,3,20,20,580,22900,0,8,56\n");
        JFreeChart chart = DisruptCharts.reshardWrites(dir, Map.of()).orElseThrow();
        XYPlot plot = chart.getXYPlot();
        assertThat(plot.getDataset().getSeriesCount()).isEqualTo(2);
        assertThat(plot.getDataset().getSeriesKey(1).toString()).isEqualTo("4 domains");
        assertThat(plot.getDataset().getYValue(1, 1)).isEqualTo(56.0);
    }

    @Test
    void aTimelineFromBeforeReshardsWereCountedHasNoReshardChartButItsOthers() throws Exception {
        Files.writeString(dir.resolve(DisruptCharts.TIMELINE), HEADER + "\n2,-1.0,true,false,3,3,10,10,291,11436,0\n");
        assertThat(DisruptCharts.reshardWrites(dir, Map.of())).isEmpty();
        assertThat(DisruptCharts.sessions(dir, Map.of())).isPresent();
    }

    @Test
    void theFaultsEndIsMarkedAndAQueueThatStayedEmptyIsDrawnFromZeroToOne() throws Exception {
        Files.writeString(
                dir.resolve(DisruptCharts.TIMELINE),
                HEADER + "\n2,-1.0,true,false,3,3,10,10,291,11436,0\n2,3.0,true,false,3,3,10,10,291,11436,0\n"
                        + "2,12.0,true,false,3,3,10,10,291,11436,0\n");
        XYPlot plot =
                DisruptCharts.outstanding(dir, Map.of(2L, 6.4)).orElseThrow().getXYPlot();
        List<Double> marked = new ArrayList<>();
        for (Object m : plot.getDomainMarkers(org.jfree.chart.ui.Layer.FOREGROUND)) {
            marked.add(((ValueMarker) m).getValue());
        }
        assertThat(marked).as("the fault's start and end").containsExactlyInAnyOrder(0.0, 6.0);
        assertThat(plot.getRangeAxis().getLowerBound()).isZero();
        assertThat(plot.getRangeAxis().getUpperBound()).isEqualTo(1.0);
    }
}
