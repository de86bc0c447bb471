package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.result.ResultJson;
import dev.zkload.runner.result.LimitedBy;
import dev.zkload.runner.result.RampSummary;
import dev.zkload.runner.result.RefinementSummary;
import dev.zkload.runner.result.RepeatSummary;
import dev.zkload.runner.result.StepResult;
import dev.zkload.runner.result.StopReason;
import java.util.List;
import org.junit.jupiter.api.Test;

class RepeatsTest {
    private static final List<String> FOLDERS = List.of("run-1", "run-2", "run-3");

    @Test
    void eachRunCarriesItsLimitItsHostNoiseAndHowFastTheEmptyEnsembleWrote() throws Exception {
        String line;
        try (var in = RepeatsTest.class.getResourceAsStream(
                "/dev/zkload/runner/engine/resources/this-machine-2-cores.steps.jsonl")) {
            line = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
                    .lines()
                    .findFirst()
                    .orElseThrow();
        }
        StepResult baseline = ResultJson.compact().readValue(line, StepResult.class);

        RepeatSummary r = Repeats.summarize(
                List.of("run-1", "run-2"),
                List.of(noisy(refined(68, 10), 26.3), refined(143, 14)),
                java.util.Arrays.asList(baseline, null),
                100,
                null);

        RepeatSummary.Run first = r.runs().get(0);
        assertThat(first.conditions().limitedBy()).isEqualTo("this-machine");
        assertThat(first.conditions().hostNoisePercent()).isEqualTo(26.3);
        assertThat(first.conditions().baselineCreatesPerSec())
                .isEqualTo(baseline.ops().get("create").opsPerSec());
        assertThat(first.conditions().baselineFsyncMs()).isEqualTo(0.216);
        RepeatSummary.Run second = r.runs().get(1);
        assertThat(second.conditions().baselineCreatesPerSec()).isNull();
        assertThat(second.conditions().hostNoisePercent()).isNull();
    }

    /** The summary as a run on a noisy host limited by this machine writes it. */
    private static RampSummary noisy(RampSummary s, double noisePercent) {
        return new RampSummary(
                s.schemaVersion(),
                s.maxStableDomains(),
                s.saturatedAtDomains(),
                s.generatorBoundAtDomains(),
                s.stopReason(),
                s.saturationObservable(),
                s.verdict(),
                s.qualifications(),
                s.interrupted(),
                s.endTime(),
                s.steps(),
                s.message(),
                s.thresholds(),
                s.refinement(),
                s.marginal(),
                new LimitedBy(LimitedBy.Resource.THIS_MACHINE, null, 75, "busy", List.of(), List.of()),
                noisePercent,
                s.elections());
    }

    private static RepeatSummary summarize(List<String> folders, List<RampSummary> summaries, int step, String yours) {
        return Repeats.summarize(
                folders, summaries, java.util.Collections.nCopies(summaries.size(), null), step, yours);
    }

    @Test
    void theSpreadIsMeasuredInDomainsAndAgainstTheMedianAndTheResolution() {
        RepeatSummary r = summarize(FOLDERS, List.of(refined(137, 14), refined(142, 14), refined(131, 13)), 100, null);
        assertThat(r.answered()).isEqualTo(3);
        assertThat(r.minDomains()).isEqualTo(131);
        assertThat(r.maxDomains()).isEqualTo(142);
        assertThat(r.medianDomains()).isEqualTo(137.0);
        assertThat(r.spreadDomains()).isEqualTo(11);
        assertThat(r.spreadPercentOfMedian()).isEqualTo(8.0);
        assertThat(r.resolutionDomains()).isEqualTo(14);
        assertThat(r.withinOneResolution()).isTrue();
        assertThat(r.runs()).extracting(RepeatSummary.Run::folder).containsExactlyElementsOf(FOLDERS);
        assertThat(r.verdict())
                .isEqualTo("3 runs, max stable domains 137, 142, 131: spread 11 domains (8.0% of the median 137),"
                        + " within one resolution (14 domains).");
    }

    @Test
    void answersFurtherApartThanTheResolutionSaySo() {
        RepeatSummary r = summarize(List.of("run-1", "run-2"), List.of(refined(100, 10), refined(150, 10)), 100, null);
        assertThat(r.medianDomains()).isEqualTo(125.0);
        assertThat(r.withinOneResolution()).isFalse();
        assertThat(r.verdict())
                .endsWith("spread 50 domains (40.0% of the median 125), wider than one resolution (10 domains).");
    }

    @Test
    void anUnrefinedGridIsAsWideAsItsStep() {
        RepeatSummary r = summarize(List.of("run-1", "run-2"), List.of(grid(100), grid(200)), 100, null);
        assertThat(r.resolutionDomains()).isEqualTo(100);
        assertThat(r.withinOneResolution()).isTrue();
    }

    @Test
    void aRunWithoutACapacityIsListedButLeftOutOfTheSpread() {
        RampSummary disturbed = summary(StopReason.DISTURBED, 120, null);
        RepeatSummary r = summarize(FOLDERS, List.of(refined(137, 14), disturbed, refined(140, 14)), 100, null);
        assertThat(r.answered()).isEqualTo(2);
        assertThat(r.spreadDomains()).isEqualTo(3);
        assertThat(r.verdict())
                .startsWith("3 runs, max stable domains 137, 120, 140; not in the spread, without a saturation after a"
                        + " stable step: run-2 (disturbed): spread 3 domains");

        RepeatSummary none = summarize(List.of("run-1"), List.of(disturbed), 100, null);
        assertThat(none.minDomains()).isNull();
        assertThat(none.withinOneResolution()).isNull();
        assertThat(none.verdict()).endsWith(": no run measured a capacity.");
    }

    @Test
    void aModelFilesRunsAreCountedInItsDomainsAsEachRunsVerdictIs() {
        String yours = "model file shop.yaml: 80% like orders, 20% like reports";
        RepeatSummary r = summarize(List.of("run-1", "run-2"), List.of(refined(420, 20), refined(440, 20)), 100, yours);
        assertThat(r.verdict())
                .isEqualTo("2 runs, max stable domains 420, 440 of your domains (model file shop.yaml: 80% like orders,"
                        + " 20% like reports): spread 20 domains (4.7% of the median 430), within one resolution"
                        + " (20 domains).");

        RampSummary disturbed = summary(StopReason.DISTURBED, null, null);
        assertThat(summarize(FOLDERS.subList(0, 2), List.of(disturbed, disturbed), 100, yours)
                        .verdict())
                .as("no count to name in the file's words")
                .isEqualTo("2 runs, max stable domains none, none; not in the spread, without a saturation after a"
                        + " stable step: run-1 (disturbed), run-2 (disturbed): no run measured a capacity.");
    }

    private static RampSummary refined(int maxStable, int width) {
        return summary(
                StopReason.SATURATED,
                maxStable,
                maxStable + width,
                new RefinementSummary("10%", width, 100, 200, List.of(150), true, null));
    }

    private static RampSummary grid(int maxStable) {
        return summary(StopReason.SATURATED, maxStable, maxStable + 100, null);
    }

    private static RampSummary summary(StopReason reason, Integer maxStable, Integer saturatedAt) {
        return summary(reason, maxStable, saturatedAt, null);
    }

    private static RampSummary summary(
            StopReason reason, Integer maxStable, Integer saturatedAt, RefinementSummary refinement) {
        return new RampSummary(
                1,
                maxStable,
                saturatedAt,
                null,
                reason,
                true,
                "v",
                List.of(),
                false,
                null,
                3,
                "m",
                List.of(),
                refinement,
                null,
                null,
                null,
                null);
    }
}
