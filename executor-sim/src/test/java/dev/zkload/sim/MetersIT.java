package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.sim.testing.FleetChild;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two ensembles, one registry: fleets with the same root on each, as two test classes with a server of their own
 * and one global registry have them, are two series of every meter, each reading its own fleet, and closing one
 * leaves the other's meters whole. A registry that cannot tell them apart refuses the second fleet at its start.
 */
// DomainFleet.close() and ZooKeeper.close() declare InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
class MetersIT {
    private static final String ROOT = "/zkload/quickstart";
    private static LocalEnsemble one;
    private static LocalEnsemble two;

    @BeforeAll
    static void start() throws Exception {
        one = LocalEnsemble.builder().servers(1).heap("256m").build();
        one.start();
        two = LocalEnsemble.builder().servers(1).heap("256m").build();
        two.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (one != null) {
            one.close();
        }
        if (two != null) {
            two.close();
        }
    }

    @Test
    void fleetsOfOneRootOnTwoEnsemblesAreTwoSeriesAndClosingOneLeavesTheOthers() throws Exception {
        MeterRegistry registry = new SimpleMeterRegistry();
        try (DomainFleet a = fleet(one, registry);
                DomainFleet b = fleet(two, registry)) {
            a.start();
            a.addDomains(1);
            b.start();
            b.addDomains(2);
            assertThat(domains(registry, one)).isEqualTo(1);
            assertThat(domains(registry, two)).isEqualTo(2);
            assertThat(registry.get("zkload.sim.sessions.open")
                            .tag("ensemble", one.connectString())
                            .gauge()
                            .value())
                    .isEqualTo(5);
            assertThat(registry.get("zkload.sim.add.trees")
                            .tag("ensemble", two.connectString())
                            .timer()
                            .count())
                    .as("b's add in b's timer")
                    .isEqualTo(1);

            a.close();
            assertThat(registry.getMeters())
                    .as("a's meters gone, b's whole")
                    .isNotEmpty()
                    .allSatisfy(m -> assertThat(m.getId().getTag("ensemble")).isEqualTo(two.connectString()));
            assertThat(domains(registry, two)).isEqualTo(2);
        }
        assertThat(registry.getMeters()).isEmpty();
    }

    @Test
    void aRegistryThatCannotTellTheFleetsApartRefusesTheSecondAtItsStart() throws Exception {
        MeterRegistry registry = new SimpleMeterRegistry();
        registry.config().meterFilter(MeterFilter.ignoreTags("ensemble"));
        try (DomainFleet a = fleet(one, registry);
                DomainFleet b = fleet(two, registry)) {
            a.start();
            a.addDomains(1);
            assertThatThrownBy(b::start)
                    .isInstanceOf(DomainStartException.class)
                    .satisfies(e -> assertThat(((DomainStartException) e).reason())
                            .isEqualTo(DomainStartException.Reason.METERS_TAKEN))
                    .hasMessageContaining("give this fleet a name of its own");
            assertThat(b.state()).isEqualTo(DomainFleet.State.CLOSED);
            assertThat(registry.get("zkload.sim.domains").gauge().value())
                    .as("a's meter, read from a")
                    .isEqualTo(1);
            try (ZooKeeper observer = ZkClients.connect(two.connectString())) {
                assertThat(observer.exists("/zkload", false))
                        .as("the refused start left nothing")
                        .isNull();
            }
        }
    }

    private static DomainFleet fleet(LocalEnsemble zk, MeterRegistry registry) {
        return DomainFleet.builder(zk.connectString())
                .root(ROOT)
                .model(FleetChild.SMALL)
                .jobRuns(false)
                .meterRegistry(registry)
                .build();
    }

    private static double domains(MeterRegistry registry, LocalEnsemble zk) {
        return registry.get("zkload.sim.domains")
                .tag("ensemble", zk.connectString())
                .gauge()
                .value();
    }
}
