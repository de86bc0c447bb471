package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The model's expectation reproduces every figure of saturn-model.md section 5. */
class SaturnModelTest {

    @Test
    void saturn21WithTwentyTwoConfigFields() {
        Footprint f = SaturnModel.saturn21().expectedFootprint();
        assertThat(f.znodes()).isEqualTo(2196);
        assertThat(f.watches()).isEqualTo(5736);
        assertThat(f.ephemerals()).isCloseTo(144 + 3.5, within(0.01));
        assertThat(f.sessions()).isEqualTo(5);
        assertThat(f.writesPerSec()).isCloseTo(11.6, within(0.1));
        // the spec rounds 2.1's extra reads (exists before two deletes per item, consoles re-reading each
        // status write) to "≈133"; added up exactly they give 135.45
        assertThat(f.readsPerSec()).isCloseTo(135.45, within(0.01)).isCloseTo(133, within(133 * 0.03));
    }

    @Test
    void saturn21WithAFullConfigMatchesTheSpecsThirtyFieldFigures() {
        Footprint f = SaturnModel.saturn21().toBuilder().configFields(30).build().expectedFootprint();
        assertThat(f.znodes()).isEqualTo(2476);
        assertThat(f.watches()).isEqualTo(6296);
    }

    @Test
    void saturn3() {
        Footprint f = SaturnModel.saturn3().expectedFootprint();
        assertThat(f.znodes()).isEqualTo(2721);
        assertThat(f.watches()).isEqualTo(4514);
        assertThat(f.ephemerals()).isCloseTo(147.5, within(0.01));
        assertThat(f.writesPerSec()).isCloseTo(8.05, within(0.01));
        assertThat(f.readsPerSec()).isCloseTo(125, within(1.0));
        // one console: 3,364 watches
        assertThat(SaturnModel.saturn3().toBuilder().consolesPerDomain(1).build().expectedFootprint().watches())
                .isEqualTo(3364);
    }

    @Test
    void withinTenPercentOfThe2017ReportsMarginalCostPerDomain() {
        Footprint f = SaturnModel.saturn21().expectedFootprint();
        assertThat(f.znodes()).isBetween(2187 * 0.9, 2205 * 1.1);
        assertThat(f.watches()).isBetween(5689 * 0.9, 5744 * 1.1);
    }

    @Test
    void buildersNameTheWrongField() {
        assertThatThrownBy(() -> SaturnModel.saturn21().toBuilder().jobsPerDomain(0).build())
                .hasMessageContaining("jobsPerDomain must be at least 1");
        assertThatThrownBy(() -> SaturnModel.saturn21().toBuilder().configFields(31).build())
                .hasMessageContaining("configFields must be between 1 and 30");
        assertThatThrownBy(() -> SaturnModel.saturn3().toBuilder().runTime(Duration.ofMinutes(2)).build())
                .hasMessageContaining("runTime");
        assertThatThrownBy(() -> SaturnModel.named("saturn-9")).hasMessageContaining("unknown model 'saturn-9'");
    }
}
