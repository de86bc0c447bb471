package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zkload.sim.ModelFile;
import dev.zkload.sim.SaturnModel;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RampPlanBuilderTest {
    private static final ModelFile MODEL = ModelFile.of(SaturnModel.saturn21());

    private static RampPlanBuilder builder() {
        return RampPlan.builder("/zkload/r", MODEL);
    }

    @Test
    void theDefaultsAreTheRampsOwn() {
        RampPlan plan = builder().build();
        assertThat(plan.domains()).isEqualTo(700);
        assertThat(plan.step()).isEqualTo(100);
        assertThat(plan.outstandingThreshold()).isEqualTo(300);
        assertThat(plan.sustain()).isEqualTo(Duration.ofSeconds(60));
        assertThat(plan.resolution()).isEqualTo(Resolution.DEFAULT);
        assertThat(plan.bench()).isEqualTo(new RampPlan.BenchSize(10_000, 100, 1000, Duration.ofSeconds(30)));
        assertThat(plan.shard().alone()).isTrue();
    }

    @Test
    void eachRuleNamesItsSettingAndTheOthersItConcerns() {
        assertThatThrownBy(() -> builder().domains(0).build())
                .isInstanceOfSatisfying(
                        InvalidPlan.class, e -> assertThat(e.setting()).isEqualTo("domains"))
                .hasMessage("domains must be positive, got 0");
        assertThatThrownBy(() -> builder().settle(Duration.ofSeconds(-1)).build())
                .isInstanceOfSatisfying(
                        InvalidPlan.class, e -> assertThat(e.setting()).isEqualTo("sustain"))
                .hasMessage("sustain and settle must not be negative");
        assertThatThrownBy(() ->
                        builder().step(10).resolution(Resolution.parse("10")).build())
                .hasMessageStartingWith("resolution 10 cannot narrow anything: the grid's steps (step 10)");
        assertThatThrownBy(() -> builder().maxExpiredSessions(1.5).build())
                .hasMessage("maxExpiredSessions must be between 0 and 1, got 1.5");
        InvalidPlan shard = (InvalidPlan) org.assertj.core.api.Assertions.catchThrowable(
                () -> builder().shard(Shard.parse("1/2"), null, null).build());
        assertThat(shard.said(s -> "<" + s + ">"))
                .isEqualTo(
                        "<shard> 1/2 needs <startAt> and a positive <stepInterval>, the schedule every shard follows");
    }

    @Test
    void aShardedRampHasNoBisectionAndRefusesOneAskedFor() {
        Instant at = Instant.parse("2026-12-02T10:00:00Z");
        RampPlan plan =
                builder().shard(Shard.parse("1/2"), at, Duration.ofSeconds(30)).build();
        assertThat(plan.resolution().off()).isTrue();
        assertThatThrownBy(() -> builder()
                        .shard(Shard.parse("1/2"), at, Duration.ofSeconds(30))
                        .resolution(Resolution.parse("5%"))
                        .build())
                .hasMessageStartingWith("resolution narrows a ramp of its own by bisection");
        assertThat(builder().forceSaturation().build().outstandingThreshold()).isZero();
        assertThat(builder()
                        .bench(50, 10, 1000, Duration.ofSeconds(1))
                        .build()
                        .bench()
                        .warmup())
                .as("no more warm-up calls than znodes")
                .isEqualTo(50);
    }
}
