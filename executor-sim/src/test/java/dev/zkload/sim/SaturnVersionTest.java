package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SaturnVersionTest {

    @Test
    void namesRoundTrip() {
        for (SaturnVersion v : SaturnVersion.values()) {
            assertThat(SaturnVersion.of(v.id())).isSameAs(v);
            assertThat(v).hasToString(v.id());
        }
        assertThatThrownBy(() -> SaturnVersion.of("saturn-2"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("use saturn-2.1 or saturn-3");
    }

    @Test
    void configFieldsEndWithJobClassAnd21LacksWhat3Added() {
        assertThat(SaturnVersion.SATURN_3.configFields())
                .hasSize(34)
                .endsWith("jobClass")
                .doesNotHaveDuplicates();
        assertThat(SaturnVersion.SATURN_2_1.configFields())
                .hasSize(30)
                .endsWith("jobClass")
                .doesNotContain("disableTimeoutSeconds", "rerun", "upStream", "downStream");
        assertThat(SaturnVersion.SATURN_3.configFields()).containsAll(SaturnVersion.SATURN_2_1.configFields());
    }

    @Test
    void whatEachVersionDoesDifferently() {
        SaturnVersion v21 = SaturnVersion.SATURN_2_1;
        SaturnVersion v3 = SaturnVersion.SATURN_3;
        assertThat(v21.serverValues()).containsExactly("ip", "version");
        assertThat(v3.serverValues()).containsExactly("ip", "version", "jobVersion");
        assertThat(v21.executorConfigWatches()).containsExactly("cron", "enabled");
        assertThat(v3.executorConfigWatches()).containsExactly("cron", "downStream", "enabled");
        assertThat(v21.statusPerFire()).isTrue();
        assertThat(v3.statusPerFire()).isFalse();
        assertThat(v21.existsBeforeItemDeletes()).isTrue();
        assertThat(v3.existsBeforeItemDeletes()).isFalse();
        assertThat(v3.watchesSaturnSelf()).isTrue();
        assertThat(v21.watchesSaturnSelf()).isFalse();
        assertThat(v21.consoleConfigCaches()).containsExactly(new SaturnVersion.CachedPath("config", 1));
        assertThat(v3.consoleConfigCaches())
                .extracting(SaturnVersion.CachedPath::depth)
                .containsOnly(0);
        // every executor config watch names a field the console writes
        for (SaturnVersion v : SaturnVersion.values()) {
            assertThat(v.configFields()).containsAll(v.executorConfigWatches());
        }
    }
}
