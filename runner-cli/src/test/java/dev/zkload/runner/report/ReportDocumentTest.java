package dev.zkload.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.runner.result.Election;
import dev.zkload.runner.result.RampSummary;
import dev.zkload.runner.result.RefinementSummary;
import dev.zkload.runner.result.StepFixture;
import dev.zkload.runner.result.StepVerdict;
import dev.zkload.runner.result.StopReason;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReportDocumentTest {
    @Test
    void theRefinementIsOneSentenceWithTheCountsItVisited() {
        assertThat(ReportDocument.refinement(
                        new RefinementSummary("10%", 10, 100, 200, List.of(150, 125, 137, 143), true, null)))
                .isEqualTo("Refinement (--resolution 10%, 10 domains): from the grid's 100 stable and 200 saturated,"
                        + " steps at 150, 125, 137, 143; narrowed to the resolution.");
        assertThat(ReportDocument.refinement(new RefinementSummary(
                        "20", 20, 100, 200, List.of(150), false, "at 150 domains the ensemble was disturbed")))
                .endsWith("steps at 150; stopped early: at 150 domains the ensemble was disturbed.");
        assertThat(ReportDocument.refinement(
                        new RefinementSummary("10%", 10, 0, 100, List.of(50, 75, 87, 81), true, null)))
                .isEqualTo("Refinement (--resolution 10%, 10 domains): from 0 to the grid's first step, 100,"
                        + " saturated, steps at 50, 75, 87, 81; narrowed to the resolution.");
    }

    @Test
    void aRefinementStepIsMarkedInTheTablesAndCharts() {
        assertThat(StepLabels.label(StepFixture.step(150)
                        .refinement()
                        .verdict(StepVerdict.STABLE)
                        .build()))
                .isEqualTo("load-1 (150, refinement)");
        assertThat(StepLabels.label(
                        StepFixture.step(200).verdict(StepVerdict.STABLE).build()))
                .isEqualTo("load-1 (200)");
    }

    @Test
    void theServersTableNamesTheLeaderAfterTheElection() {
        List<Map<String, String>> servers = List.of(
                Map.of("server", "127.0.0.1:2181", "mode", "follower"),
                Map.of("server", "127.0.0.1:2182", "mode", "follower"),
                Map.of("server", "127.0.0.1:2183", "mode", "leader"));
        Table table = ReportDocument.servers(servers, List.of(new Election(2, 20, 1, 4.2, "127.0.0.1:2182")));
        assertThat(table.rows().stream().map(r -> r.get(2)).toList())
                .containsExactly(
                        "follower", "follower; leader after step 2's election", "leader until step 2's election");
        assertThat(ReportDocument.servers(servers).rows().get(2).get(2)).isEqualTo("leader");
    }

    @Test
    void aCapacityFoundIsGoodNewsAndEveryOtherEndAWarning() {
        assertThat(ReportDocument.goodNews(summary(StopReason.SATURATED, true))).isTrue();
        assertThat(ReportDocument.goodNews(summary(StopReason.TARGET_REACHED, true)))
                .isTrue();
        assertThat(ReportDocument.goodNews(summary(StopReason.TARGET_REACHED, false)))
                .as("carried, but saturation not observable: not a capacity")
                .isFalse();
        assertThat(ReportDocument.goodNews(summary(StopReason.DISTURBED, false)))
                .isFalse();
        assertThat(ReportDocument.goodNews(summary(StopReason.GENERATOR_BOUND, true)))
                .isFalse();
        assertThat(ReportDocument.goodNews(summary(StopReason.ERRORS, true))).isFalse();
    }

    private static RampSummary summary(StopReason reason, boolean observable) {
        return new RampSummary(
                3,
                null,
                null,
                null,
                reason,
                observable,
                "v",
                List.of(),
                false,
                null,
                2,
                "m",
                List.of(),
                null,
                null,
                null,
                null,
                null);
    }
}
