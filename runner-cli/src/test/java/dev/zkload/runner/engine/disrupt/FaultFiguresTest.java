package dev.zkload.runner.engine.disrupt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.sim.FleetSnapshot;
import dev.zkload.sim.ReshardCause;
import dev.zkload.sim.SessionEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FaultFiguresTest {
    private static Moment settled(long ephemerals, long watches) {
        return new Moment(Instant.EPOCH, true, false, 3, 3, 20, 20, 0, ephemerals, watches, 0, 0, 0);
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

    private static FleetSnapshot fleet(long expired, long reshards, long reshardWrites) {
        return FleetSnapshot.builder()
                .domains(2)
                .executors(6)
                .consoles(4)
                .jobs(70)
                .sessionsOpen(10)
                .sessionsConnected(10)
                .sessionEvents(Map.of(SessionEvent.EXPIRED, expired))
                .reshardsByCause(Map.of(ReshardCause.LEADER_ELECTED, reshards))
                .reshardWrites(reshardWrites)
                .build();
    }

    @Test
    void theReshardStormIsWhatTheConsolesWroteFromTheFaultOnNotWhileTheDomainsRegistered() {
        Duration back = Duration.ofSeconds(30);
        Map<String, Double> m = FaultFigures.of(
                List.of(settled(584, 22_944)),
                List.of(settled(8, 900), settled(584, 22_944)),
                Duration.ofSeconds(25),
                new RecoveryJudge.Recovery(Duration.ZERO, back, back, back),
                fleet(0, 6, 90),
                fleet(10, 10, 118),
                new ArrayList<>());
        assertThat(m)
                .containsEntry("sessionsExpired", 10.0)
                .containsEntry("reshards", 4.0)
                .containsEntry("reshardWrites", 28.0);
    }
}
