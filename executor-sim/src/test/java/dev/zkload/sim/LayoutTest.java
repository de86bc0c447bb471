package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;

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
    void jobsAreNamedInOrderAndFireAtASecondOfTheMinute() {
        assertThat(l.jobs).hasSize(35).startsWith("job-00", "job-01").endsWith("job-34");
        for (String job : l.jobs) {
            assertThat(l.fireSecond(job)).isBetween(0, 59);
        }
    }

    @Test
    void aModelWithFewerConfigFieldsKeepsTheFirstOnesAndJobClassLast() {
        assertThat(l.configFields)
                .hasSize(22)
                .startsWith("enabled", "description")
                .endsWith("jobClass");
        Layout three = new Layout(
                "/r", "d", SaturnModel.saturn3().toBuilder().configFields(3).build());
        assertThat(three.configFields).containsExactly("enabled", "description", "jobClass");
        Layout one = new Layout(
                "/r", "d", SaturnModel.saturn3().toBuilder().configFields(1).build());
        assertThat(one.configFields).containsExactly("jobClass");
    }
}
