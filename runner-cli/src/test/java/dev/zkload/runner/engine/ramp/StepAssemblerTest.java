package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.ops.LatencyRun;
import dev.zkload.bench.result.LatencyReport;
import dev.zkload.bench.result.OpStats;
import dev.zkload.bench.result.TargetResult;
import dev.zkload.runner.result.Burst;
import dev.zkload.runner.result.DeliveredWork;
import dev.zkload.runner.result.EnsembleEvents;
import dev.zkload.runner.result.GeneratorHealth;
import dev.zkload.runner.result.MetricsCoverage;
import dev.zkload.runner.result.Saturation;
import dev.zkload.runner.result.StepFixture;
import dev.zkload.runner.result.StepPhases;
import dev.zkload.runner.result.StepResult;
import dev.zkload.sim.ModelFile;
import dev.zkload.sim.SaturnModel;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which figures a step of each kind has, and when its saturation and the runner's limit count. */
class StepAssemblerTest {
    private static final Instant T0 = Instant.parse("2026-12-02T12:00:00Z");
    private static final RampPlan PLAN = Plans.plan(300, true);
    private static final MetricsCoverage ANSWERED = new MetricsCoverage(20, 20, Map.of());
    private static final MetricsCoverage LEADER_SILENT = new MetricsCoverage(20, 5, Map.of());
    private static final Saturation FOUND = new Saturation(Saturation.Rule.HELD, 0.95, 520, 520.0);
    private static final Saturation SHORT = new Saturation(Saturation.Rule.SHORTFALL, 0, 12, null);
    private static final GeneratorHealth HEALTHY = StepFixture.step(1).build().generator();
    private static final GeneratorHealth BOUND =
            StepFixture.step(1).bound("job fires ran 1.8 s late").build().generator();

    @Test
    void aSaturationTheDetectorFoundCountsOnlyWhereTheLeaderWasHeardThroughTheSettledLoad() {
        StepResult heard = assemble(PLAN, 1, settled(HEALTHY, null), gathered(ANSWERED, FOUND, SHORT));
        assertThat(heard.saturated()).isTrue();
        assertThat(heard.saturation())
                .as("the detector's finding before the shortfall")
                .isEqualTo(FOUND);
        assertThat(heard.saturationObservable()).isTrue();
        StepResult silent = assemble(PLAN, 1, settled(HEALTHY, null), gathered(LEADER_SILENT, FOUND, SHORT));
        assertThat(silent.saturationObservable()).isFalse();
        assertThat(silent.saturated())
                .as("a queue not read through the load is no saturation")
                .isFalse();
        assertThat(silent.saturation()).isNull();
        StepResult blind = assemble(Plans.plan(300, false), 1, settled(HEALTHY, null), gathered(ANSWERED, FOUND, null));
        assertThat(blind.saturationObservable()).as("--no-server-metrics").isFalse();
        assertThat(blind.saturation()).isNull();
    }

    @Test
    void workShortOfItsFiresIsTheSaturationWhereTheQueueShowedNone() {
        StepResult s = assemble(PLAN, 1, settled(HEALTHY, null), gathered(ANSWERED, null, SHORT));
        assertThat(s.saturated()).isTrue();
        assertThat(s.saturation().rule()).isEqualTo(Saturation.Rule.SHORTFALL);
        assertThat(assemble(PLAN, 1, settled(HEALTHY, null), gathered(ANSWERED, null, null))
                        .saturated())
                .isFalse();
    }

    @Test
    void theBaselineHoldsNoLoadForTheRunnerToBeTheLimitOf() {
        assertThat(assemble(PLAN, 0, settled(BOUND, null), gathered(ANSWERED, null, null))
                        .generatorBound())
                .isFalse();
        assertThat(assemble(PLAN, 1, settled(BOUND, null), gathered(ANSWERED, null, null))
                        .generatorBound())
                .isTrue();
    }

    @Test
    void theBenchmarksErrorRateCountsEveryTargetAndEachTargetIsKeptOnlyWhenAsked() {
        LatencyRun run = new LatencyRun(
                new LatencyReport(
                        "r",
                        "/zkload/ramp-t/bench",
                        "sync",
                        100,
                        100,
                        0,
                        T0,
                        T0.plusSeconds(5),
                        false,
                        List.of(
                                target("127.0.0.1:2181", ops(90, 0), ops(100, 10)),
                                target("127.0.0.1:2182", ops(10, 0), ops(0, 0)))),
                Map.of());
        StepResult leader = assemble(PLAN, 1, settled(HEALTHY, run), gathered(ANSWERED, null, null));
        assertThat(leader.benchErrorRate()).isEqualTo(10.0 / 200);
        assertThat(leader.ops()).as("the first target's, as ops records it").containsOnlyKeys("create", "get");
        assertThat(leader.ops().get("get").errors()).isEqualTo(10);
        assertThat(leader.opsByTarget()).isNull();
        RampPlan each = RampPlan.builder("/zkload/ramp-t", ModelFile.of(SaturnModel.saturn21()))
                .domains(300)
                .bench(100, 100, 0, Duration.ofSeconds(30))
                .benchTarget(RampPlan.BenchTarget.EACH)
                .build();
        StepResult everyServer = assemble(each, 1, settled(HEALTHY, run), gathered(ANSWERED, null, null));
        assertThat(everyServer.opsByTarget()).containsOnlyKeys("127.0.0.1:2181", "127.0.0.1:2182");
        StepResult none = assemble(PLAN, 1, settled(HEALTHY, null), gathered(ANSWERED, null, null));
        assertThat(none.benchErrorRate()).isZero();
        assertThat(none.ops()).isEmpty();
    }

    @Test
    void theStepCarriesWhatWasGatheredAsItWasGathered() {
        DeliveredWork delivered = new DeliveredWork(630, 59, 6.3);
        Burst burst = new Burst(10, 2.7, 13);
        EnsembleEvents events = new EnsembleEvents(1, 2.1, Map.of(), 4, 0);
        StepAssembler.Gathered g = new StepAssembler.Gathered(
                3, 35, 4, null, ANSWERED, burst, events, null, null, null, null, null, delivered);
        StepResult s = StepAssembler.assemble(PLAN, 2, T0, T0.plusSeconds(30), settled(HEALTHY, null), g, 7, 2.1, true);
        assertThat(s.step()).isEqualTo(2);
        assertThat(s.domains()).isEqualTo(1);
        assertThat(List.of(s.executors(), s.jobs(), s.sessions())).containsExactly(3L, 35L, 4L);
        assertThat(s.shardDomains()).isEqualTo(7);
        assertThat(s.startTime()).isEqualTo(T0);
        assertThat(s.endTime()).isEqualTo(T0.plusSeconds(30));
        assertThat(s.verdict()).as("given by the stop rules, after").isNull();
        assertThat(s.burst()).isEqualTo(burst);
        assertThat(s.ensembleEvents()).isEqualTo(events);
        assertThat(s.delivered()).isEqualTo(delivered);
        assertThat(s.leaderlessSec()).isEqualTo(2.1);
        assertThat(s.refinement()).isTrue();
        assertThat(s.serverMetrics()).isEqualTo(ANSWERED);
    }

    private static StepResult assemble(RampPlan plan, int step, StepMeasurement m, StepAssembler.Gathered g) {
        return StepAssembler.assemble(plan, step, T0, T0.plusSeconds(30), m, g, null, 0, false);
    }

    private static StepMeasurement settled(GeneratorHealth health, LatencyRun run) {
        return new StepMeasurement(
                StepMeasurement.Kind.SETTLED,
                1,
                new StepPhases(10, 8, 12),
                T0.plusSeconds(10),
                health,
                HEALTHY,
                null,
                run,
                null);
    }

    private static StepAssembler.Gathered gathered(MetricsCoverage coverage, Saturation found, Saturation shortfall) {
        return new StepAssembler.Gathered(
                3, 35, 4, null, coverage, null, null, found, shortfall, null, null, null, null);
    }

    private static TargetResult target(String server, OpStats create, OpStats get) {
        return new TargetResult(server, "leader", Map.of("create", create, "get", get), null);
    }

    private static OpStats ops(long count, long errors) {
        return new OpStats(count, errors, Map.of(), 100, 1, 2, 3, 4, 5, 1000);
    }
}
