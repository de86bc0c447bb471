package dev.zkload.sim.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zkload.sim.DomainStartException;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SaturnDomainsTest {

    @Test
    void theBuilderValidatesNow() {
        assertThatThrownBy(() -> SaturnDomains.on("127.0.0.1:2181").domains(0).build())
                .hasMessageContaining("domains must be at least 1");
        assertThatThrownBy(() -> SaturnDomains.on("127.0.0.1:2181").root("/").build())
                .hasMessageContaining("root");
        assertThatThrownBy(() -> SaturnDomains.on("127.0.0.1:2181")
                        .connectTimeout(Duration.ZERO)
                        .build())
                .hasMessageContaining("connectTimeout must be positive");
    }

    @Test
    void aRefusedConnectionFailsTheTestsWithinTheConnectTimeoutSayingSo() throws IOException {
        int nobody;
        try (ServerSocket s = new ServerSocket(0)) {
            nobody = s.getLocalPort();
        }
        SaturnDomains domains = SaturnDomains.on("127.0.0.1:" + nobody)
                .connectTimeout(Duration.ofMillis(300))
                .build();
        assertThatThrownBy(() -> domains.beforeAll(null)) // the context is not used
                .isInstanceOf(DomainStartException.class)
                .hasMessage("cannot connect to 127.0.0.1:" + nobody + " within 300 ms: connection refused by 127.0.0.1:"
                        + nobody + " (no server listening there?)");
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
