package dev.zkload.sim.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SaturnDomainsTest {

    @Test
    void theBuilderValidatesNow() {
        assertThatThrownBy(() -> SaturnDomains.on("127.0.0.1:2181").domains(0).build())
                .hasMessageContaining("domains must be at least 1");
        assertThatThrownBy(() -> SaturnDomains.on("127.0.0.1:2181").root("/").build())
                .hasMessageContaining("root");
    }

    @Test
    void eachExtensionHasItsOwnRoot() {
        assertThat(SaturnDomains.on("h:1").build().root())
                .startsWith("/zkload/junit-")
                .isNotEqualTo(SaturnDomains.on("h:1").build().root());
    }

    @Test
    void outsideTheTestsItWrapsItHoldsNothing() {
        SaturnDomains domains = SaturnDomains.on("h:1").build();
        assertThatThrownBy(domains::snapshot)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("only while the tests it wraps run");
    }
}
