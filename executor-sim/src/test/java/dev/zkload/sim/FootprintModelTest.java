package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class FootprintModelTest {
    private static final JobGroup EVERY_10S = new JobGroup(
            4, 3, "0/10 * * * * ?", Duration.ofSeconds(10), null, 34, 0, true, Duration.ofSeconds(1), null);

    @Test
    void offlineExecutorsCostTheirPersistentZnodesAndTheConsolesWatchesOnThemOnly() {
        Footprint online = of(kind(2, 2, EVERY_10S));
        Footprint withOffline = of(kind(2, 5, EVERY_10S));
        // per offline executor: its node, lastBeginTime, version, clean (4); per job its server node, ip, version,
        // jobVersion and the two counters (6), neither status nor sharding
        assertThat(withOffline.znodes() - online.znodes()).isEqualTo(3 * 4 + 3 * 4 * 6);
        // each of the 2 consoles caches them: executors tree 2 + 3 children, per job's servers tree 2 + 5 children
        assertThat(withOffline.watches() - online.watches()).isEqualTo(2 * (3 * 5 + 3 * 4 * 7));
        assertThat(withOffline.ephemerals()).isEqualTo(online.ephemerals());
        assertThat(withOffline.sessions()).isEqualTo(online.sessions());
        assertThat(withOffline.writesPerSec()).isEqualTo(online.writesPerSec());
        assertThat(withOffline.readsPerSec()).isEqualTo(online.readsPerSec());
    }

    @Test
    void anOfflineExecutorOfSaturn21HasNoJobVersionNode() {
        Footprint online = FootprintModel.of(SaturnVersion.SATURN_2_1, kind(3, 3, EVERY_10S));
        Footprint withOffline = FootprintModel.of(SaturnVersion.SATURN_2_1, kind(3, 4, EVERY_10S));
        assertThat(withOffline.znodes() - online.znodes()).isEqualTo(4 + 4 * 5);
    }

    @Test
    void aJobThatNeverFiresHasNoCompletedNodes() {
        JobGroup disabled =
                new JobGroup(2, 5, "0 0 2 * * ?", Duration.ofDays(1), null, 34, 0, false, Duration.ofSeconds(2), null);
        JobGroup enabled =
                new JobGroup(2, 5, "0 0 2 * * ?", Duration.ofDays(1), null, 34, 0, true, Duration.ofSeconds(2), null);
        assertThat(of(kind(2, 2, enabled)).znodes() - of(kind(2, 2, disabled)).znodes())
                .as("one completed node per item of each enabled job")
                .isEqualTo(2 * 5);
    }

    private static DomainKind kind(int executors, int registered, JobGroup jobs) {
        return new DomainKind("k", 1, executors, registered, 2, List.of(jobs));
    }

    private static Footprint of(DomainKind kind) {
        return FootprintModel.of(SaturnVersion.SATURN_3, kind);
    }
}
