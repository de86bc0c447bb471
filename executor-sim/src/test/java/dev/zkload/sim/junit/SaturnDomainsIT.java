package dev.zkload.sim.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zkload.bench.client.Connections;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.FleetSnapshot;
import dev.zkload.sim.SaturnModel;
import dev.zkload.sim.testing.ServerBaseline;
import dev.zkload.zk.connect.ServerAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The extension as a test class uses it: sample classes run through JUnit's own launcher against a
 * real forked server, one after another and all at once under JUnit's parallel execution (classes and methods
 * concurrent), and afterwards the server is asked whether anything of theirs is left.
 */
// ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
class SaturnDomainsIT {
    private static final SaturnModel SMALL =
            SaturnModel.saturn21().toBuilder().jobsPerDomain(2).build();
    private static final StatsClient STATS = new StatsClient(Duration.ofSeconds(5));
    private static LocalEnsemble zk;
    private static ServerAddress server;
    /** Where the samples find the server: they run inside this test, after it started. */
    static volatile String connectString;

    private ServerBaseline before;

    @BeforeAll
    static void startServer() throws Exception {
        zk = LocalEnsemble.builder().servers(1).heap("256m").build();
        zk.start();
        server = zk.servers().get(0);
        connectString = zk.connectString();
    }

    @AfterAll
    static void stopServer() {
        if (zk != null) {
            zk.close();
        }
    }

    @BeforeEach
    void baseline() throws Exception {
        before = ServerBaseline.of(STATS, server);
    }

    @Test
    void onAStaticFieldTheDomainsAreHeldAroundAllTestsOfTheClassThenRemoved() {
        assertThat(passes(PerClass.class, PerClass.fleets, 2)).containsOnly(PerClass.fleets.get(0));
    }

    @Test
    void onAnInstanceFieldTheDomainsAreHeldAroundEachTest() {
        assertThat(passes(PerTest.class, PerTest.fleets, 2)).doesNotHaveDuplicates();
    }

    @Test
    void aNestedClassSharesTheOuterClassesDomainsAndItsEndClosesNothing() {
        assertThat(passes(Nesting.class, Nesting.fleets, 3)).containsOnly(Nesting.fleets.get(0));
    }

    @Test
    void aServerFromTheClassesBeforeAllHoldsTheDomainsFromTheFirstTestOn() {
        assertThat(passes(ServerInBeforeAll.class, ServerInBeforeAll.fleets, 2))
                .containsOnly(ServerInBeforeAll.fleets.get(0));
    }

    /**
     * Runs a sample whose every test passes, each recording the fleet it saw, and waits until the server holds
     * what it held before.
     *
     * @return the fleets the sample's tests saw, one per test
     */
    private List<DomainFleet> passes(Class<?> sample, List<DomainFleet> seen, int tests) {
        seen.clear();
        TestExecutionSummary summary = run(sample);
        assertThat(summary.getFailures()).isEmpty();
        assertThat(summary.getTestsSucceededCount()).isEqualTo(tests);
        assertThat(seen).hasSize(tests);
        before.awaitAgain();
        return List.copyOf(seen);
    }

    @Test
    void noServerEverIsOneClearSentenceNotANullPointer() {
        TestExecutionSummary summary = run(NoServer.class);
        assertThat(summary.getFailures()).hasSize(1);
        assertThat(summary.getFailures().get(0).getException())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("SaturnDomains has no ZooKeeper to hold its domains on: its connect string"
                        + " supplier returned null before the class's tests and returned null before the first test.");
        before.awaitAgain();
    }

    @Test
    void underParallelExecutionClassesThatShareAnInstanceShareItsFleetAndTheServerKeepsNothing() throws Exception {
        Shared.fleets.clear();
        Shared.together.reset();
        PerTest.fleets.clear();
        Nesting.fleets.clear();
        PerClass.fleets.clear();
        TestExecutionSummary summary = run(
                Map.of(
                        "junit.jupiter.execution.parallel.enabled", "true",
                        "junit.jupiter.execution.parallel.mode.default", "concurrent",
                        "junit.jupiter.execution.parallel.mode.classes.default", "concurrent",
                        "junit.jupiter.execution.parallel.config.strategy", "fixed",
                        "junit.jupiter.execution.parallel.config.fixed.parallelism", "6"),
                SharedA.class,
                SharedB.class,
                Nesting.class,
                PerTest.class,
                PerClass.class);
        assertThat(summary.getFailures()).isEmpty();
        assertThat(summary.getTestsSucceededCount()).isEqualTo(2 + 2 + 3 + 2 + 2);
        assertThat(Shared.fleets)
                .as("the two classes ran at once (their tests met), on the one fleet of the instance they share")
                .hasSize(2)
                .containsOnly(Shared.fleets.get(0));
        assertThat(Nesting.fleets).containsOnly(Nesting.fleets.get(0));
        assertThat(PerClass.fleets).containsOnly(PerClass.fleets.get(0));
        assertThat(PerTest.fleets).hasSize(2).doesNotHaveDuplicates();
        before.awaitAgain();
        try (ZooKeeper observer = ZkClients.connect(connectString)) {
            assertThat(observer.exists("/zkload", false))
                    .as("the /zkload that the fleets made on the fresh server, removed by the last one out")
                    .isNull();
        }
    }

    private static TestExecutionSummary run(Class<?> sample) {
        return run(Map.of(), sample);
    }

    private static TestExecutionSummary run(Map<String, String> configuration, Class<?>... samples) {
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(Arrays.stream(samples)
                        .map(DiscoverySelectors::selectClass)
                        .toList())
                .configurationParameters(configuration)
                .build();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        LauncherFactory.create().execute(request, listener);
        return listener.getSummary();
    }

    /** The samples' fleet: small domains that do not run. */
    static DomainFleet.Builder small(DomainFleet.Builder fleet) {
        return fleet.model(SMALL).jobRuns(false);
    }

    /** Samples that share one extension, on a static field of their common base class. */
    abstract static class Shared {
        static final List<DomainFleet> fleets = new CopyOnWriteArrayList<>();
        /** Met by a test of each class: they run at once, or not at all. */
        static final CyclicBarrier together = new CyclicBarrier(2);

        @RegisterExtension
        static final SaturnDomains SATURN = SaturnDomains.on(() -> connectString)
                .fleetOptions(SaturnDomainsIT::small)
                .build();

        @Test
        void meetsTheOtherClass() throws Exception {
            together.await(60, TimeUnit.SECONDS);
            seesItsDomains(SATURN, 1, fleets);
            together.await(60, TimeUnit.SECONDS); // neither class ends before the other saw the fleet
        }

        @Test
        void holdsTheDomainsMeanwhile() {
            assertThat(SATURN.fleet().state()).isEqualTo(DomainFleet.State.STARTED);
        }
    }

    /** One of the two. */
    static class SharedA extends Shared {}

    /** The other. */
    static class SharedB extends Shared {}

    /** What a test sees while the extension holds its domains: the fleet, and the root on the server. */
    static void seesItsDomains(SaturnDomains saturn, int domains, List<DomainFleet> seen) throws Exception {
        FleetSnapshot s = saturn.snapshot();
        assertThat(s.domains()).isEqualTo(domains);
        assertThat(s.sessionsConnected()).isEqualTo(domains * 5L);
        ZooKeeper observer = Connections.open(connectString, Duration.ofSeconds(30), Duration.ofSeconds(30), null);
        try {
            // the domains' namespaces, and the fleet's claim on the root beside them
            assertThat(saturn.fleet().namespaces()).hasSize(domains);
            List<String> beside = new ArrayList<>(saturn.fleet().namespaces());
            beside.add("zkload.lock");
            assertThat(observer.getChildren(saturn.root(), false)).containsExactlyInAnyOrderElementsOf(beside);
        } finally {
            observer.close();
        }
        seen.add(saturn.fleet());
    }

    /** A sample registering the extension on a static field. */
    static class PerClass {
        static final List<DomainFleet> fleets = new CopyOnWriteArrayList<>();

        @RegisterExtension
        static final SaturnDomains SATURN = SaturnDomains.on(() -> connectString)
                .domains(2)
                .fleetOptions(SaturnDomainsIT::small)
                .build();

        @Test
        void first() throws Exception {
            seesItsDomains(SATURN, 2, fleets);
        }

        @Test
        void second() throws Exception {
            seesItsDomains(SATURN, 2, fleets);
        }
    }

    /** A sample whose @Nested class runs inside the outer class's domains. */
    static class Nesting {
        static final List<DomainFleet> fleets = new CopyOnWriteArrayList<>();

        @RegisterExtension
        static final SaturnDomains SATURN = SaturnDomains.on(() -> connectString)
                .fleetOptions(SaturnDomainsIT::small)
                .build();

        @Test
        void outer() throws Exception {
            seesItsDomains(SATURN, 1, fleets);
        }

        @Nested
        class Inner {
            @Test
            void first() throws Exception {
                seesItsDomains(SATURN, 1, fleets);
            }

            @Test
            void second() throws Exception {
                seesItsDomains(SATURN, 1, fleets);
            }
        }
    }

    /** A sample whose server's connect string exists only once its own @BeforeAll ran. */
    static class ServerInBeforeAll {
        static final List<DomainFleet> fleets = new CopyOnWriteArrayList<>();
        static volatile String started;

        @RegisterExtension
        static final SaturnDomains SATURN = SaturnDomains.on(() -> started)
                .fleetOptions(SaturnDomainsIT::small)
                .build();

        @BeforeAll
        static void startTheServer() {
            started = connectString; // stands for a server this method starts
        }

        @AfterAll
        static void forget() {
            started = null;
        }

        @Test
        void first() throws Exception {
            seesItsDomains(SATURN, 1, fleets);
        }

        @Test
        void second() throws Exception {
            seesItsDomains(SATURN, 1, fleets);
        }
    }

    /** A sample whose supplier never has a connect string. */
    static class NoServer {
        @RegisterExtension
        static final SaturnDomains SATURN = SaturnDomains.on(() -> null).build();

        @Test
        void test() {
            assertThat(SATURN.snapshot().domains()).isEqualTo(1);
        }
    }

    /** A sample registering the extension on an instance field. */
    static class PerTest {
        static final List<DomainFleet> fleets = new CopyOnWriteArrayList<>();

        @RegisterExtension
        final SaturnDomains saturn = SaturnDomains.on(() -> connectString)
                .fleetOptions(SaturnDomainsIT::small)
                .build();

        @Test
        void first() throws Exception {
            seesItsDomains(saturn, 1, fleets);
        }

        @Test
        void second() throws Exception {
            seesItsDomains(saturn, 1, fleets);
        }
    }
}
