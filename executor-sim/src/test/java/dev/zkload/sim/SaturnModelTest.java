package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The model's expectation reproduces every figure of the Saturn model's per-domain arithmetic (docs/executor-sim.md). */
class SaturnModelTest {

    @Test
    void saturn21WithTwentyTwoConfigFields() {
        Footprint f = SaturnModel.saturn21().expectedFootprint();
        assertThat(f.znodes()).isEqualTo(2196);
        assertThat(f.watches()).isEqualTo(5736);
        assertThat(f.ephemerals()).isCloseTo(144 + 3.5, within(0.01));
        assertThat(f.sessions()).isEqualTo(5);
        assertThat(f.writesPerSec()).isCloseTo(11.55, within(0.01));
        // 2.1's extra reads (exists before two deletes per item, consoles re-reading each status write)
        // are usually rounded to "about 133"; added up exactly they give 135.45
        assertThat(f.readsPerSec()).isCloseTo(135.45, within(0.01)).isCloseTo(133, within(133 * 0.03));
        assertThat(f.requestsPerSec()).isCloseTo(147.0, within(0.01));
    }

    @Test
    void saturn21WithAFullConfigMatchesTheThirtyFieldFigures() {
        Footprint f =
                SaturnModel.saturn21().toBuilder().configFields(30).build().expectedFootprint();
        assertThat(f.znodes()).isEqualTo(2476);
        assertThat(f.watches()).isEqualTo(6296);
    }

    @Test
    void saturn3OnTheZooKeeper34ClientKeepsItsLatches() {
        Footprint f = SaturnModel.saturn3().toBuilder()
                .zkClient(ZkClientLine.ZK_3_4)
                .build()
                .expectedFootprint();
        assertThat(f.znodes()).isEqualTo(2721);
        assertThat(f.watches()).isEqualTo(4514);
        assertThat(SaturnModel.saturn3().toBuilder()
                        .zkClient(ZkClientLine.ZK_3_4)
                        .consolesPerDomain(1)
                        .build()
                        .expectedFootprint()
                        .watches())
                .isEqualTo(3364);
    }

    @Test
    void saturn3() {
        Footprint f = SaturnModel.saturn3().expectedFootprint();
        assertThat(SaturnModel.saturn3().zkClient()).isEqualTo(ZkClientLine.ZK_3_5);
        // its 3.5 client's latches are containers, gone after each election: 35 jobs' and the console's, and
        // each console session's watch on the console's
        assertThat(f.znodes()).isEqualTo(2721 - 35 - 1);
        assertThat(f.watches()).isEqualTo(4514 - 2);
        assertThat(f.ephemerals()).isCloseTo(147.5, within(0.01));
        assertThat(f.writesPerSec()).isCloseTo(8.05, within(0.01));
        assertThat(f.readsPerSec()).isCloseTo(125, within(1.0));
        // one console: what real Saturn 3.5 showed on one domain
        Footprint oneConsole =
                SaturnModel.saturn3().toBuilder().consolesPerDomain(1).build().expectedFootprint();
        assertThat(oneConsole.watches()).isEqualTo(3364 - 1);
        assertThat(oneConsole.readsPerSec()).isCloseTo(124.25, within(0.001));
    }

    @Test
    void theClientLineIsTheVersionsUnlessSaid() {
        assertThat(SaturnModel.saturn21().zkClient()).isEqualTo(ZkClientLine.ZK_3_4);
        assertThat(new SaturnModel(SaturnVersion.SATURN_3, 3, 2, 35, 3, 34, Duration.ofSeconds(2)))
                .isEqualTo(SaturnModel.saturn3());
        assertThat(ZkClientLine.of("3.5.8")).isEqualTo(ZkClientLine.ZK_3_5);
        assertThat(ZkClientLine.of("3.9")).isEqualTo(ZkClientLine.ZK_3_5);
        assertThat(ZkClientLine.of("3.4.14")).isEqualTo(ZkClientLine.ZK_3_4);
        assertThatThrownBy(() -> ZkClientLine.of("4.0")).hasMessageContaining("use 3.4 or 3.5");
    }

    @Test
    void readsAndWritesPerJobFire() {
        // 3.x: 3 executors x 13 phase-A reads + 3 owners x (1 + 8) + 3 items x 2 events x 3 executors x 8
        assertThat(FootprintModel.readsPerFire(SaturnModel.saturn3())).isEqualTo(210);
        assertThat(FootprintModel.writesPerFire(SaturnModel.saturn3())).isEqualTo(12);
        // 2.1: + 2 exists before deletes per item (6) + 2 status writes re-read by 2 consoles per owner (12)
        assertThat(FootprintModel.readsPerFire(SaturnModel.saturn21())).isEqualTo(228);
        assertThat(FootprintModel.readsPerFire(
                        SaturnModel.saturn21().toBuilder().consolesPerDomain(1).build()))
                .isEqualTo(222);
        assertThat(FootprintModel.writesPerFire(SaturnModel.saturn21())).isEqualTo(18);
    }

    @Test
    void withinTenPercentOfThe2017ReportsMarginalCostPerDomain() {
        Footprint f = SaturnModel.saturn21().expectedFootprint();
        assertThat(f.znodes()).isBetween(2187 * 0.9, 2205 * 1.1);
        assertThat(f.watches()).isBetween(5689 * 0.9, 5744 * 1.1);
    }

    @Test
    void presetsOfEachVersion() {
        assertThat(SaturnModel.named("saturn-3")).isEqualTo(SaturnModel.saturn3());
        assertThat(SaturnModel.of(SaturnVersion.SATURN_2_1)).isEqualTo(SaturnModel.saturn21());
        assertThat(SaturnModel.saturn21().name()).isEqualTo("saturn-2.1");
        assertThat(SaturnModel.saturn3().configFields()).isEqualTo(34);
        assertThat(SaturnModel.saturn21().toBuilder().jobsPerDomain(5).build().version())
                .isEqualTo(SaturnVersion.SATURN_2_1);
    }

    @Test
    void buildersNameTheWrongField() {
        assertThatThrownBy(() ->
                        SaturnModel.saturn21().toBuilder().jobsPerDomain(0).build())
                .hasMessageContaining("jobsPerDomain must be at least 1");
        assertThatThrownBy(() ->
                        SaturnModel.saturn21().toBuilder().configFields(31).build())
                .hasMessageContaining("configFields must be between 1 and 30 for saturn-2.1");
        assertThatThrownBy(() -> SaturnModel.saturn3().toBuilder()
                        .runTime(Duration.ofMinutes(2))
                        .build())
                .hasMessageContaining("runTime");
        assertThatThrownBy(() -> SaturnModel.named("saturn-9")).hasMessageContaining("unknown model 'saturn-9'");
    }
}
