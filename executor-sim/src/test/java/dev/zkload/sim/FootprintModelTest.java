package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class FootprintModelTest {
    private static final JobGroup EVERY_10S = new JobGroup(
            4, 3, "0/10 * * * * ?", Duration.ofSeconds(10), null, 34, 0, true, true, Duration.ofSeconds(1), null);

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
    void aDisabledJobIsNeitherShardedNorRunSoItHasNoShardingAndNoExecutionTree() {
        JobGroup disabled = new JobGroup(
                2, 5, "0 0 2 * * ?", Duration.ofDays(1), null, 34, 0, false, true, Duration.ofSeconds(2), null);
        JobGroup enabled = new JobGroup(
                2, 5, "0 0 2 * * ?", Duration.ofDays(1), null, 34, 0, true, true, Duration.ofSeconds(2), null);
        Footprint on = of(kind(2, 2, enabled));
        Footprint off = of(kind(2, 2, disabled));
        // per job: execution 1 + 5 items + 5 completed, leader/sharding and necessary, a sharding node per executor
        assertThat(on.znodes() - off.znodes()).isEqualTo(2 * (11 + 2 + 2));
        // per job and executor: the execution cache's 2 + 5 and 2 per item against 1 on an absent node; per
        // console, a sharding node per executor
        assertThat(on.watches() - off.watches()).isEqualTo(2 * 2 * (7 + 10 - 1) + 2 * 2 * 2);
    }

    @Test
    void aJobThatDoesNotReportHasNoExecutionTreeAndItsFiresOnlyRead() {
        JobGroup reported = new JobGroup(
                1, 4, "0/5 * * * * ?", Duration.ofSeconds(5), null, 34, 0, true, true, Duration.ofSeconds(1), null);
        JobGroup unreported = new JobGroup(
                1, 4, "0/5 * * * * ?", Duration.ofSeconds(5), null, 34, 0, true, false, Duration.ofSeconds(1), null);
        Footprint off = of(kind(2, 2, unreported));
        assertThat(of(kind(2, 2, reported)).znodes() - off.znodes())
                .as("execution 1 + 4 items + 4 completed")
                .isEqualTo(9);
        assertThat(off.writesPerSec()).as("only the statistics, every 300 s").isEqualTo(round(2 * 3 / 300.0));
        // per fire on each of the 2 executors: necessary (exists, get), its sharding, the custom context
        assertThat(off.readsPerSec()).isEqualTo(round(2 * 4 / 5.0 + 2 * 3 / 300.0 + 2 * 2 * 2 / 300.0));
        assertThat(JobGroup.consoleReports(null, 2_000)).isFalse();
        assertThat(JobGroup.consoleReports(null, 5_000)).isTrue();
        assertThat(JobGroup.consoleReports(null, 0))
                .as("a cron that never fires")
                .isTrue();
    }

    private static double round(double v) {
        return Math.round(v * 100.0) / 100.0;
    }

    private static DomainKind kind(int executors, int registered, JobGroup jobs) {
        return new DomainKind("k", 1, executors, registered, 2, List.of(jobs));
    }

    private static Footprint of(DomainKind kind) {
        return FootprintModel.of(SaturnVersion.SATURN_3, kind);
    }
}
