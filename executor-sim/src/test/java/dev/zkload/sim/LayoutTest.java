package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class LayoutTest {
    private final Layout l = new Layout("/zkload/sim", "d-0007", SaturnModel.saturn21());

    @Test
    void pathsOfADomain() {
        assertThat(l.ns).isEqualTo("/zkload/sim/d-0007");
        assertThat(l.root()).isEqualTo("/zkload/sim");
        assertThat(l.jobs()).isEqualTo("/zkload/sim/d-0007/$Jobs");
        assertThat(l.config("job-03", "cron")).isEqualTo("/zkload/sim/d-0007/$Jobs/job-03/config/cron");
        assertThat(l.server("job-03", "d-0007-exec-1"))
                .isEqualTo("/zkload/sim/d-0007/$Jobs/job-03/servers/d-0007-exec-1");
        assertThat(l.item("job-03", 2)).isEqualTo("/zkload/sim/d-0007/$Jobs/job-03/execution/2");
        assertThat(l.executor("x")).isEqualTo("/zkload/sim/d-0007/$SaturnExecutors/executors/x");
        assertThat(l.saturnSelfConfig()).isEqualTo("/zkload/sim/$SaturnSelf/saturn-executor/config");
    }

    @Test
    void jobsAreNamedInOrderAndFireAtAMomentOfTheMinute() {
        assertThat(l.jobs).hasSize(35).startsWith("job-00", "job-01").endsWith("job-34");
        for (String job : l.jobs) {
            assertThat(l.fireOffsetMs(job)).isBetween(0L, 59_999L);
            assertThat(l.firePeriodMs(job)).isEqualTo(60_000L);
            assertThat(l.items(job)).isEqualTo(3);
        }
    }

    @Test
    void jobsOfAKindTakeTheirGroupsShapesInOrder() {
        JobGroup fast =
                new JobGroup(2, 5, null, Duration.ofSeconds(5), null, 3, 0, true, true, Duration.ofMillis(100), null);
        JobGroup off = new JobGroup(
                1, 1, "0 0 2 * * ?", Duration.ofDays(1), null, 1, 0, false, true, Duration.ofSeconds(2), null);
        Layout mixed =
                new Layout("/r", "d", SaturnVersion.SATURN_3, new DomainKind("k", 1, 2, 2, 1, List.of(fast, off)));
        assertThat(mixed.jobs).containsExactly("job-00", "job-01", "job-02");
        assertThat(mixed.items("job-01")).isEqualTo(5);
        assertThat(mixed.firePeriodMs("job-01")).isEqualTo(5_000L);
        assertThat(mixed.configFields("job-01")).containsExactly("enabled", "description", "jobClass");
        assertThat(mixed.items("job-02")).isEqualTo(1);
        assertThat(mixed.firePeriodMs("job-02"))
                .as("a disabled job never fires")
                .isZero();
        assertThat(mixed.configFields("job-02")).containsExactly("jobClass");
    }

    @Test
    void offlineExecutorsAreNumberedAfterTheOnlineOnes() {
        JobGroup job =
                new JobGroup(1, 1, null, Duration.ofSeconds(5), null, 3, 0, true, true, Duration.ofMillis(100), null);
        Layout withOffline =
                new Layout("/r", "d-0002", SaturnVersion.SATURN_3, new DomainKind("k", 1, 2, 4, 1, List.of(job)));
        assertThat(withOffline.executorName(0)).isEqualTo("d-0002-exec-0");
        assertThat(withOffline.offlineExecutors).containsExactly("d-0002-exec-2", "d-0002-exec-3");
        assertThat(withOffline.isOffline("d-0002-exec-3")).isTrue();
        assertThat(withOffline.isOffline("d-0002-exec-1")).isFalse();
        assertThat(l.offlineExecutors).as("a preset's executors are all online").isEmpty();
    }

    @Test
    void aModelWithFewerConfigFieldsKeepsTheFirstOnesAndJobClassLast() {
        assertThat(l.configFields("job-00"))
                .hasSize(22)
                .startsWith("enabled", "description")
                .endsWith("jobClass");
        Layout three = new Layout(
                "/r", "d", SaturnModel.saturn3().toBuilder().configFields(3).build());
        assertThat(three.configFields("job-00")).containsExactly("enabled", "description", "jobClass");
        Layout one = new Layout(
                "/r", "d", SaturnModel.saturn3().toBuilder().configFields(1).build());
        assertThat(one.configFields("job-00")).containsExactly("jobClass");
    }
}
