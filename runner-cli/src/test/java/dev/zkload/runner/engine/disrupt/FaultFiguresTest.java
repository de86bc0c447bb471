package dev.zkload.runner.engine.disrupt;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class FaultFiguresTest {
    private static Moment settled(long ephemerals, long watches) {
        return new Moment(Instant.EPOCH, true, false, 3, 3, 20, 20, ephemerals, watches, 0);
    }

    @Test
    void aRecoveredLoadHoldsTheLeastOfItsSettledRoundsLessTheirSwingOrOnePercent() {
        Moment.Baseline b =
                FaultFigures.baseline(List.of(settled(584, 22_944), settled(600, 22_950), settled(586, -1)));
        assertThat(b.ephemerals())
                .as("584 less its swing of 16, more than 1%% of it")
                .isEqualTo(568);
        assertThat(b.watches())
                .as("22,944 less 1%% of it, more than its swing of 6")
                .isEqualTo(22_944 - 230);
    }

    @Test
    void aCountNoSettledRoundReadAsksForNothing() {
        Moment.Baseline b = FaultFigures.baseline(List.of(settled(-1, -1)));
        assertThat(b.ephemerals()).isEqualTo(-1);
        assertThat(b.watches()).isEqualTo(-1);
    }
}
