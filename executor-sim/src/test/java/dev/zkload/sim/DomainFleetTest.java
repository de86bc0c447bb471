package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The builder's validation, and the lifecycle where no server is needed: before start, after close,
 * a start that cannot connect, close twice. With a server: DomainFleetLifecycleIT.
 */
class DomainFleetTest {

    @Test
    void theBuilderNamesTheWrongSetting() {
        assertThatThrownBy(() -> DomainFleet.builder(" ").build()).hasMessageContaining("connectString");
        assertThatThrownBy(() -> DomainFleet.builder("h:1").root("/").build())
                .hasMessageContaining("root / is refused");
        assertThatThrownBy(() -> DomainFleet.builder("h:1").root("a/b").build()).hasMessageContaining("root must be");
        assertThatThrownBy(() -> DomainFleet.builder("h:1").root("/zookeeper/x").build())
                .hasMessageContaining("/zookeeper");
        assertThatThrownBy(() -> DomainFleet.builder("h:1").startBatch(0).build())
                .hasMessageContaining("startBatch");
        assertThatThrownBy(() ->
                        DomainFleet.builder("h:1").addTimeout(Duration.ZERO).build())
                .hasMessageContaining("addTimeout");
        assertThatThrownBy(() -> DomainFleet.builder("h:1")
                        .connectTimeout(Duration.ofSeconds(-1))
                        .build())
                .hasMessageContaining("connectTimeout");
    }

    @Test
    void aBuiltFleetIsLatentAndConnectsNothing() {
        DomainFleet fleet = DomainFleet.builder("127.0.0.1:1").build();
        assertThat(fleet.state()).isEqualTo(DomainFleet.State.LATENT);
        assertThat(fleet.snapshot().sessionsOpen()).isZero();
    }

    @Test
    void addingOrRemovingBeforeStartIsAnIllegalState() {
        DomainFleet fleet = DomainFleet.builder("127.0.0.1:1").build();
        assertThatThrownBy(() -> fleet.addDomains(1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("addDomains needs a STARTED fleet; this one is LATENT: call start() first");
        assertThatThrownBy(() -> fleet.removeDomains(1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("LATENT");
    }

    @Test
    void aFleetClosedBeforeStartCannotStartAndClosesTwice() {
        DomainFleet fleet = DomainFleet.builder("127.0.0.1:1").build();
        fleet.close();
        fleet.close();
        assertThat(fleet.state()).isEqualTo(DomainFleet.State.CLOSED);
        assertThatThrownBy(fleet::start)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("CLOSED");
        assertThatThrownBy(() -> fleet.addDomains(1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("CLOSED");
    }

    @Test
    void aStartThatCannotConnectLeavesAClosedFleetThatClosesQuietly() throws IOException {
        int nobody;
        try (ServerSocket s = new ServerSocket(0)) {
            nobody = s.getLocalPort();
        }
        DomainFleet fleet = DomainFleet.builder("127.0.0.1:" + nobody)
                .connectTimeout(Duration.ofMillis(500))
                .build();

        assertThatThrownBy(fleet::start)
                .isInstanceOf(DomainStartException.class)
                .hasMessage("cannot connect to 127.0.0.1:" + nobody + " within 500 ms: connection refused by 127.0.0.1:"
                        + nobody + " (no server listening there?)");

        assertThat(fleet.state()).isEqualTo(DomainFleet.State.CLOSED);
        assertThatCode(fleet::close).doesNotThrowAnyException();
        assertThatCode(fleet::close).doesNotThrowAnyException();
        assertThatThrownBy(() -> fleet.addDomains(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(fleet::start).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void anUnknownHostReadsDifferentlyFromARefusedConnection() {
        DomainFleet fleet = DomainFleet.builder("no-such-host.invalid:2181")
                .connectTimeout(Duration.ofMillis(500))
                .build();
        assertThatThrownBy(fleet::start)
                .isInstanceOf(DomainStartException.class)
                .hasMessage("cannot connect to no-such-host.invalid:2181 within 500 ms: unknown host"
                        + " no-such-host.invalid (no such name)");
    }

    @Test
    void aPortThatAcceptsAndNeverAnswersIsGivenUpWithinTheConnectTimeout() throws IOException {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            // it accepts (the kernel does, from its backlog) and never says a word
            String where = "127.0.0.1:" + silent.getLocalPort();
            DomainFleet fleet = DomainFleet.builder(where)
                    .connectTimeout(Duration.ofMillis(500))
                    .build();
            long t0 = System.nanoTime();
            assertThatThrownBy(fleet::start)
                    .isInstanceOf(DomainStartException.class)
                    .hasMessage("cannot connect to " + where + " within 500 ms: " + where + " accepts connections"
                            + " but gave no session (a server without quorum, a TLS port, or credentials it refuses?)");
            double seconds = (System.nanoTime() - t0) / 1e9;
            // the connect timeout and the one probe of the server's port, not the client's own 20 s
            assertThat(seconds).isLessThan(10);
        }
    }

    @Test
    void everyFleetHasARootOfItsOwnByDefault() {
        DomainFleet one = DomainFleet.builder("127.0.0.1:1").build();
        DomainFleet two = DomainFleet.builder("127.0.0.1:1").build();
        assertThat(one.root()).matches("/zkload/sim-[0-9a-f]{8}").isNotEqualTo(two.root());
        assertThat(one.namespaces()).isEmpty();
        assertThat(DomainFleet.builder("127.0.0.1:1").root("/mine/x").build().root())
                .isEqualTo("/mine/x");
    }

    @Test
    void nonsenseCountsAreRefusedBeforeAnyState() {
        DomainFleet fleet = DomainFleet.builder("127.0.0.1:1").build();
        assertThatThrownBy(() -> fleet.addDomains(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> fleet.removeDomains(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
