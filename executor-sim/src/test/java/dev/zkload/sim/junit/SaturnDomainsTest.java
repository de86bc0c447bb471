package dev.zkload.sim.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zkload.sim.DomainStartException;
import dev.zkload.sim.ModelFile;
import dev.zkload.sim.SaturnModel;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;

class SaturnDomainsTest {

    @Test
    void theBuilderValidatesNow() {
        assertThatThrownBy(() -> SaturnDomains.on("127.0.0.1:2181").domains(0).build())
                .hasMessageContaining("domains must be at least 1");
        assertThatThrownBy(() -> SaturnDomains.on("127.0.0.1:2181")
                        .fleetOptions(f -> f.root("/"))
                        .build())
                .hasMessageContaining("root");
        assertThatThrownBy(() -> SaturnDomains.on("127.0.0.1:2181")
                        .fleetOptions(f -> f.connectTimeout(Duration.ZERO))
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
                .fleetOptions(f -> f.connectTimeout(Duration.ofMillis(300)))
                .build();
        assertThatThrownBy(() -> domains.beforeAll(context("[class:Sample]")))
                .isInstanceOf(DomainStartException.class)
                .hasMessage("cannot connect to 127.0.0.1:" + nobody + " within 300 ms: connection refused by 127.0.0.1:"
                        + nobody + " (no server listening there?)");
    }

    @Test
    void aNestedClassDoesNotStartASecondFleetAndItsEndDoesNotCloseTheOuterOne() throws Exception {
        int[] asked = {0};
        FleetHolder holder = new FleetHolder(
                () -> {
                    asked[0]++;
                    return null; // no server yet: nothing starts, and nothing is closed
                },
                1,
                connect -> {
                    throw new AssertionError("no fleet was to be built, on " + connect);
                });
        holder.beforeAll("[class:Outer]");
        holder.beforeAll("[class:Outer]/[nested-class:Inner]");
        holder.afterAll("[class:Outer]/[nested-class:Inner]");
        assertThat(asked[0]).as("asked for the outer class only").isEqualTo(1);
        assertThatThrownBy(() -> holder.beforeEach("[class:Outer]/[method:test()]"))
                .as("still the outer class's, deferred to its first test")
                .isInstanceOf(IllegalStateException.class);
        assertThat(asked[0]).isEqualTo(2);
    }

    @Test
    void aServerThatIsNotThereYetBeforeTheClassIsAskedForAgainBeforeItsFirstTestAndThenNamedClearly() {
        // a server from another extension that JUnit runs after this one (no @Order): its connect string throws
        FleetHolder holder = new FleetHolder(
                () -> {
                    throw new NullPointerException("server");
                },
                1,
                connect -> {
                    throw new AssertionError("no fleet was to be built, on " + connect);
                });
        assertThatCode(() -> holder.beforeAll("[class:Sample]")).doesNotThrowAnyException();
        assertThatThrownBy(() -> holder.beforeEach("[class:Sample]/[method:test()]"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("SaturnDomains has no ZooKeeper to hold its domains on: its connect string"
                        + " supplier threw java.lang.NullPointerException: server before the class's tests and threw"
                        + " java.lang.NullPointerException: server before the first test.")
                .hasMessageContaining("@Order")
                .hasMessageContaining("@BeforeAll");
        assertThatThrownBy(() -> holder.beforeEach("[class:Sample]/[method:second()]"))
                .as("the class's next test fails as its first did, without asking again")
                .hasMessageStartingWith("SaturnDomains could not start its domains before the first test:"
                        + " SaturnDomains has no ZooKeeper");
        holder.afterAll("[class:Sample]");
    }

    @Test
    void fleetOptionsThatSetAnotherRootEachTimeAreRefusedBeforeAnythingStarts() {
        int[] n = {0};
        SaturnDomains domains = SaturnDomains.on("127.0.0.1:1")
                .fleetOptions(f -> f.root("/zkload/run-" + n[0]++))
                .build();
        assertThatThrownBy(() -> domains.beforeAll(context("[class:Sample]")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(
                        "set the root /zkload/run-1 where they set /zkload/run-0 when the extension was" + " built");
    }

    @Test
    void theBuilderTakesTheFleetsOptionsAndValidatesThemNow() {
        assertThatThrownBy(() -> SaturnDomains.on("h:1")
                        .fleetOptions(f -> f.startBatch(0))
                        .build())
                .hasMessageContaining("startBatch must be at least 1");
        SaturnDomains domains = SaturnDomains.on("h:1")
                .fleetOptions(f -> f.modelFile(ModelFile.of(SaturnModel.saturn3()))
                        .meterRegistry(new SimpleMeterRegistry())
                        .keepTreeOnClose(true)
                        .takeOverLeftoverRoot()
                        .pipelinedTrees(false)
                        .fireLagListener(lag -> {})
                        .root("/zkload/mine"))
                .build();
        assertThat(domains.root())
                .as("the root, set once, where every option is")
                .isEqualTo("/zkload/mine");
    }

    /** A context that only names itself, as the extension's callbacks use it. */
    private static ExtensionContext context(String id) {
        return (ExtensionContext) Proxy.newProxyInstance(
                SaturnDomainsTest.class.getClassLoader(),
                new Class<?>[] {ExtensionContext.class},
                (proxy, method, args) -> method.getName().equals("getUniqueId") ? id : null);
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
