package dev.zkload.runner.threshold;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.result.OpStats;
import dev.zkload.runner.report.SweepFixture;
import dev.zkload.runner.result.GeneratorHealth;
import dev.zkload.runner.result.LevelResult;
import dev.zkload.runner.result.SweepSummary;
import dev.zkload.runner.result.ThresholdResult;
import dev.zkload.runner.result.ThresholdResult.Status;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An experiment's thresholds judged on its levels as levels.jsonl records them. */
class SweepMeasurementsTest {
    private static final GeneratorHealth HEALTHY = SweepFixture.HEALTHY;
    private static final GeneratorHealth BOUND = new GeneratorHealth(
            10, 2, 97, 5, null, null, Map.of(), true, List.of("runner CPU 97% of its share"), null, false);

    private static LevelResult level(
            int index, String label, long value, Map<String, Double> measured, GeneratorHealth health, double p99) {
        OpStats get = SweepFixture.op(2000, p99);
        return new LevelResult(
                index,
                label,
                value,
                Instant.EPOCH,
                Instant.EPOCH,
                measured,
                measured.isEmpty() ? List.of("the servers gave no statistics") : List.of(),
                Map.of("get", get),
                health,
                false);
    }

    private static SweepSummary summary(Map<String, Double> answer) {
        return new SweepSummary(
                3, "znodes", 3, 3, SweepSummary.Stop.COMPLETED, null, answer, Instant.EPOCH, List.of(), List.of());
    }

    private static ThresholdResult judge(
            String threshold, Catalog catalog, List<LevelResult> levels, Map<String, Double> answer) {
        Threshold t = ThresholdParser.parse(threshold, catalog);
        return Thresholds.evaluate(
                        List.of(t),
                        new SweepMeasurements(
                                summary(answer), levels, catalog, Map.of("mix", Map.of("get", 80, "set", 20))))
                .get(0);
    }

    private static final List<LevelResult> ZNODES = List.of(
            level(1, "0", 0, Map.of("snapshotMsAvg", 120.0), HEALTHY, 2.0),
            level(2, "100k", 100_000, Map.of(), HEALTHY, 4.0),
            level(3, "1m", 1_000_000, Map.of("snapshotMsAvg", 900.0), BOUND, 40.0));

    @Test
    void aLevelPickedByItsValueIsJudgedAlone() {
        ThresholdResult at = judge("p99(get)<5ms@100k", Catalogs.ZNODES, ZNODES, Map.of());
        assertThat(at.status()).isEqualTo(Status.PASS);
        assertThat(at.detail()).isEqualTo("4 ms at 100k znodes");
        assertThat(judge("p99(get)<3ms@100k", Catalogs.ZNODES, ZNODES, Map.of()).status())
                .isEqualTo(Status.FAIL);
    }

    @Test
    void aLevelWhereTheRunnerWasTheBottleneckObservesOnlyTheRunner() {
        ThresholdResult all = judge("p99(get)<100ms", Catalogs.ZNODES, ZNODES, Map.of());
        assertThat(all.status()).isEqualTo(Status.NOT_OBSERVED);
        assertThat(all.detail())
                .isEqualTo("not observed at 1m znodes: the runner itself was the bottleneck (runner CPU 97% of its"
                        + " share)");
        assertThat(judge("generator-cpu<99%", Catalogs.ZNODES, ZNODES, Map.of()).status())
                .isEqualTo(Status.PASS);
        assertThat(judge("generator-cpu<90%", Catalogs.ZNODES, ZNODES, Map.of()).status())
                .isEqualTo(Status.FAIL);
    }

    @Test
    void aQuantityALevelDidNotRecordIsNotObservedWithTheLevelsOwnNotes() {
        ThresholdResult snapshot = judge("snapshot-avg<1s@100k", Catalogs.ZNODES, ZNODES, Map.of());
        assertThat(snapshot.status()).isEqualTo(Status.NOT_OBSERVED);
        assertThat(snapshot.detail()).contains("the servers gave no statistics");
        assertThat(judge("snapshot-avg<1s@0", Catalogs.ZNODES, ZNODES, Map.of()).value())
                .isEqualTo(120.0);
    }

    @Test
    void aLevelTheRunNeverReachedIsNotObserved() {
        ThresholdResult missing = judge("p99(get)<5ms@500k", Catalogs.ZNODES, ZNODES.subList(0, 2), Map.of());
        assertThat(missing.status()).isEqualTo(Status.NOT_OBSERVED);
        assertThat(missing.detail()).contains("the run ended before this level was measured");
    }

    @Test
    void anOperationWhoseEveryCallFailedHasNoRateOrLatencyOnlyItsErrors() {
        OpStats failed = new OpStats(268, 268, Map.of("SESSIONEXPIRED", 268L), 163_000, 0, 0, 0.04, 0.05, 0.1, 1);
        LevelResult level = new LevelResult(
                1,
                "1m",
                1_000_000,
                Instant.EPOCH,
                Instant.EPOCH,
                Map.of(),
                List.of(),
                Map.of("get", failed),
                HEALTHY,
                false);
        ThresholdResult tps = judge("tps(get)>1000", Catalogs.DATA_SIZE, List.of(level), Map.of());
        assertThat(tps.status()).isEqualTo(Status.NOT_OBSERVED);
        assertThat(tps.detail()).isEqualTo("not observed at 1m bytes: every get call failed at this level");
        assertThat(judge("p99(get)<1ms", Catalogs.DATA_SIZE, List.of(level), Map.of())
                        .status())
                .isEqualTo(Status.NOT_OBSERVED);
        ThresholdResult errors = judge("error-rate(get)<1%", Catalogs.DATA_SIZE, List.of(level), Map.of());
        assertThat(errors.status()).isEqualTo(Status.FAIL);
        assertThat(errors.value()).isEqualTo(1.0);
    }

    @Test
    void missedNotificationsAddUpOverTheLevels() {
        Catalog watches = Catalogs.watches("watchers per znode");
        List<LevelResult> levels = List.of(
                level(1, "1", 1, Map.of("notificationsExpected", 1000.0, "notificationsReceived", 1000.0), HEALTHY, 1),
                level(2, "5", 5, Map.of("notificationsExpected", 5000.0, "notificationsReceived", 4990.0), HEALTHY, 1));
        ThresholdResult missed = judge("notifications-missed==0", watches, levels, Map.of());
        assertThat(missed.status()).isEqualTo(Status.FAIL);
        assertThat(missed.value()).isEqualTo(10.0);
    }

    private static LevelResult rate(int index, long target, boolean held, GeneratorHealth health) {
        return level(index, String.valueOf(target), target, Map.of("passed", held ? 1.0 : 0.0), health, 1);
    }

    @Test
    void theHighestRateThatHeldLiesBelowTheLowestHigherRateThatDidNot() {
        List<LevelResult> tried = List.of(
                rate(1, 1000, true, HEALTHY),
                rate(2, 2000, true, HEALTHY),
                rate(3, 4000, false, HEALTHY),
                rate(4, 3000, false, HEALTHY));
        Map<String, Double> answer = Map.of("maxRate", 2000.0, "converged", 1.0);
        ThresholdResult atLeast = judge("max-rate>=2k", Catalogs.MAX_RATE, tried, answer);
        assertThat(atLeast.status()).isEqualTo(Status.PASS);
        assertThat(atLeast.detail()).isEqualTo("between 2000/s and 3000/s");
        assertThat(judge("max-rate<3k", Catalogs.MAX_RATE, tried, answer).status())
                .isEqualTo(Status.NOT_OBSERVED);
        assertThat(judge("max-rate<4k", Catalogs.MAX_RATE, tried, answer).status())
                .isEqualTo(Status.PASS);
    }

    @Test
    void anOperationsMaxRateIsItsShareOfTheMixAtTheHighestRateThatHeld() {
        List<LevelResult> tried = List.of(rate(1, 1000, true, HEALTHY), rate(2, 2000, false, HEALTHY));
        Map<String, Double> answer = Map.of("maxRate", 1000.0, "converged", 1.0);
        // the mix is get=80,set=20: gets ran at 800/s of the 1000/s that held, and below 1600/s
        ThresholdResult get = judge("max-rate(get)>=800", Catalogs.MAX_RATE, tried, answer);
        assertThat(get.status()).isEqualTo(Status.PASS);
        assertThat(get.detail()).isEqualTo("between 800/s and 1600/s");
        assertThat(judge("max-rate(set)>=401", Catalogs.MAX_RATE, tried, answer).status())
                .isEqualTo(Status.FAIL);
        ThresholdResult create = judge("max-rate(create)>=1", Catalogs.MAX_RATE, tried, answer);
        assertThat(create.status()).isEqualTo(Status.NOT_OBSERVED);
        assertThat(create.detail()).contains("has no create");
    }

    @Test
    void aRateTheRunnerCouldNotDriveLeavesTheAnswerALowerBound() {
        List<LevelResult> tried = List.of(rate(1, 1000, true, HEALTHY), rate(2, 2000, false, BOUND));
        Map<String, Double> answer = Map.of("maxRate", 1000.0, "converged", 0.0);
        ThresholdResult bounded = judge("max-rate<1500", Catalogs.MAX_RATE, tried, answer);
        assertThat(bounded.status()).isEqualTo(Status.NOT_OBSERVED);
        assertThat(bounded.detail()).contains("at least 1000/s").contains("the runner itself was the bottleneck");
        assertThat(judge("max-rate>=1000", Catalogs.MAX_RATE, tried, answer).status())
                .isEqualTo(Status.PASS);
    }

    @Test
    void whenNoRateHeldTheAnswerIsBelowTheLowestTried() {
        List<LevelResult> tried = List.of(rate(1, 1000, false, HEALTHY), rate(2, 500, false, HEALTHY));
        ThresholdResult none = judge("max-rate>=1000", Catalogs.MAX_RATE, tried, Map.of("converged", 0.0));
        assertThat(none.status()).isEqualTo(Status.FAIL);
        assertThat(none.detail()).contains("between 0/s and 500/s").contains("no rate held");
    }
}
