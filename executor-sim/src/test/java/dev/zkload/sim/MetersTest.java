package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.MockClock;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.simple.SimpleConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MetersTest {

    @Test
    void theSnapshotIsPublishedWithKindsAsTags() {
        FleetSnapshot s = FleetSnapshot.builder()
                .domains(2)
                .executors(6)
                .consoles(4)
                .jobs(70)
                .sessionsOpen(10)
                .sessionsConnected(9)
                .runsStarted(30)
                .runsCompleted(28)
                .runsFailed(1)
                .operations(Map.of(Operation.GET_DATA, 500L))
                .operationErrors(3)
                .operationErrorCodes(Map.of("multi CONNECTIONLOSS", 3L))
                .sessionEvents(Map.of(SessionEvent.EXPIRED, 2L))
                .failures(Map.of(FailureKind.RESHARD, 4L))
                .reshardsByCause(Map.of(ReshardCause.EXECUTORS_CHANGED, 5L, ReshardCause.LEADER_ELECTED, 2L))
                .shardingRetries(6)
                .controlSessionExpiries(1)
                .rootRewrites(1)
                .reshardWrites(31)
                .jobsWithoutLeader(2)
                .domainsWithoutConsoleLeader(1)
                .build();
        SimpleMeterRegistry r = new SimpleMeterRegistry();
        Meters.register(r, tags("/zkload/a"), () -> s);
        assertThat(r.get("zkload.sim.domains").gauge().value()).isEqualTo(2);
        assertThat(r.get("zkload.sim.sessions.connected").gauge().value()).isEqualTo(9);
        assertThat(r.get("zkload.sim.operations")
                        .tag("kind", "get_data")
                        .functionCounter()
                        .count())
                .isEqualTo(500);
        assertThat(r.get("zkload.sim.operations")
                        .tag("kind", "multi")
                        .functionCounter()
                        .count())
                .isZero();
        assertThat(r.get("zkload.sim.session.events")
                        .tag("kind", "expired")
                        .functionCounter()
                        .count())
                .isEqualTo(2);
        assertThat(r.get("zkload.sim.failures")
                        .tag("kind", "reshard")
                        .functionCounter()
                        .count())
                .isEqualTo(4);
        assertThat(r.get("zkload.sim.operations.errors").functionCounter().count())
                .isEqualTo(3);
        assertThat(r.get("zkload.sim.reshards")
                        .tag("cause", "leader_elected")
                        .functionCounter()
                        .count())
                .isEqualTo(2);
        assertThat(r.get("zkload.sim.reshards")
                        .tag("cause", "executors_changed")
                        .functionCounter()
                        .count())
                .isEqualTo(5);
        assertThat(s.reshards()).isEqualTo(7);
        assertThat(r.get("zkload.sim.sharding.retries").functionCounter().count())
                .isEqualTo(6);
        assertThat(r.get("zkload.sim.control.session.expiries")
                        .functionCounter()
                        .count())
                .isEqualTo(1);
        assertThat(r.get("zkload.sim.root.rewrites").functionCounter().count()).isEqualTo(1);
        assertThat(r.get("zkload.sim.reshard.writes").functionCounter().count()).isEqualTo(31);
        assertThat(r.get("zkload.sim.jobs.without.leader").gauge().value()).isEqualTo(2);
        assertThat(r.get("zkload.sim.domains.without.console.leader").gauge().value())
                .isEqualTo(1);
    }

    @Test
    void twoFleetsOnOneRegistryShowTheirOwnMetersEachDescribedAndAClosedOneRemovesItsOwn() {
        FleetSnapshot one = snapshot(1);
        FleetSnapshot two = snapshot(2);
        SimpleMeterRegistry r = new SimpleMeterRegistry();
        Meters a = Meters.register(r, tags("/zkload/a"), () -> one);
        a.adds().record(1, 1, 1);
        Meters b = Meters.register(r, tags("/zkload/b"), () -> two);
        assertThat(r.get("zkload.sim.domains").tag("root", "/zkload/a").gauge().value())
                .isEqualTo(1);
        assertThat(r.get("zkload.sim.domains").tag("root", "/zkload/b").gauge().value())
                .isEqualTo(2);
        assertThat(r.getMeters()).allSatisfy(m -> {
            assertThat(m.getId().getDescription()).as("%s", m.getId()).isNotBlank();
            assertThat(m.getId().getTag("root")).as("%s", m.getId()).isIn("/zkload/a", "/zkload/b");
        });
        a.remove();
        assertThat(r.getMeters())
                .isNotEmpty()
                .allSatisfy(m -> assertThat(m.getId().getTag("root")).isEqualTo("/zkload/b"));
        b.remove();
        assertThat(r.getMeters()).isEmpty();
    }

    @Test
    void theMetersStillReadTheFleetAfterACollectionWithNothingButThemHoldingItsSnapshotSource() {
        FleetSnapshot s = snapshot(3);
        SimpleMeterRegistry r = new SimpleMeterRegistry();
        // a new object that only the meters hold, as a fleet's this::snapshot is; Micrometer holds it weakly
        Meters m = Meters.register(r, tags("/zkload/a"), () -> s);
        try {
            WeakReference<Object> probe = new WeakReference<>(new Object());
            for (int i = 0; i < 20 && probe.get() != null; i++) {
                System.gc();
            }
            assertThat(probe.get())
                    .as("a collection cleared the weak references")
                    .isNull();
            assertThat(r.get("zkload.sim.domains").gauge().value()).isEqualTo(3);
            assertThat(r.get("zkload.sim.operations")
                            .tag("kind", "get_data")
                            .functionCounter()
                            .count())
                    .isZero();
        } finally {
            Reference.reachabilityFence(m); // the fleet holds its meters while it is open
        }
    }

    @Test
    void fleetsOfOneRootOnTwoEnsemblesAreTwoSeriesAndNeitherTouchesTheOthers() {
        SimpleMeterRegistry r = new SimpleMeterRegistry();
        Meters a = Meters.register(r, Meters.fleetTags("/zkload/q", "/zkload/q", "zk1:2181"), () -> snapshot(1));
        Meters b = Meters.register(r, Meters.fleetTags("/zkload/q", "/zkload/q", "zk2:2181"), () -> snapshot(2));
        a.adds().record(1, 10, 1);
        b.adds().record(1, 20, 1);
        assertThat(r.get("zkload.sim.domains")
                        .tag("ensemble", "zk1:2181")
                        .gauge()
                        .value())
                .isEqualTo(1);
        assertThat(r.get("zkload.sim.domains")
                        .tag("ensemble", "zk2:2181")
                        .gauge()
                        .value())
                .isEqualTo(2);
        assertThat(r.get("zkload.sim.add.tree.znodes")
                        .tag("ensemble", "zk2:2181")
                        .counter()
                        .count())
                .as("each fleet's adds in its own counter")
                .isEqualTo(20);
        a.remove();
        assertThat(r.get("zkload.sim.domains").gauge().value()).isEqualTo(2);
        assertThat(r.getMeters())
                .allSatisfy(m -> assertThat(m.getId().getTag("ensemble")).isEqualTo("zk2:2181"));
    }

    @Test
    void aFleetWhoseMetersTheRegistryHoldsAlreadyIsRefusedAndRegistersNothing() {
        SimpleMeterRegistry r = new SimpleMeterRegistry();
        Meters first = Meters.register(r, tags("/zkload/a"), () -> snapshot(1));
        int held = r.getMeters().size();
        assertThatThrownBy(() -> Meters.register(r, tags("/zkload/a"), () -> snapshot(9)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("the meter registry holds MeterId{name='zkload.sim.domains'")
                .hasMessageContaining("give this fleet a name of its own with DomainFleet.builder(..).name(..)");
        assertThat(r.getMeters()).hasSize(held);
        assertThat(r.get("zkload.sim.domains").gauge().value())
                .as("the first fleet's, untouched")
                .isEqualTo(1);
        first.remove();
        assertThat(r.getMeters()).isEmpty();
    }

    @Test
    void aMeterFilterThatDropsTheTagsTellingFleetsApartIsMetByTheFleetNotMerged() {
        SimpleMeterRegistry r = new SimpleMeterRegistry();
        r.config().meterFilter(MeterFilter.ignoreTags("root", "ensemble", "fleet"));
        Meters.register(r, Meters.fleetTags("/zkload/a", "/zkload/a", "zk1:2181"), () -> snapshot(1));
        assertThatThrownBy(() ->
                        Meters.register(r, Meters.fleetTags("/zkload/b", "/zkload/b", "zk2:2181"), () -> snapshot(2)))
                .hasMessageContaining("a meter filter's that drops the tags that tell fleets apart");
        assertThat(r.get("zkload.sim.domains").gauge().value()).isEqualTo(1);
    }

    @Test
    void anAddTimersMaximumIsTheFleetsLongestAddAndDoesNotDecay() {
        MockClock clock = new MockClock();
        SimpleMeterRegistry r = new SimpleMeterRegistry(SimpleConfig.DEFAULT, clock);
        Meters.register(r, tags("/zkload/a"), () -> snapshot(0))
                .adds()
                .record(TimeUnit.SECONDS.toNanos(3), 100, TimeUnit.SECONDS.toNanos(40));
        clock.add(Duration.ofHours(6));
        assertThat(r.get("zkload.sim.add.registration").timer().max(TimeUnit.SECONDS))
                .as("six hours later, when Micrometer's default window would read 0")
                .isEqualTo(40);
    }

    private static List<Tag> tags(String root) {
        return Meters.fleetTags(root, root, "127.0.0.1:2181");
    }

    private static FleetSnapshot snapshot(int domains) {
        return FleetSnapshot.builder().domains(domains).build();
    }

    @Test
    void eachAddRecordsItsTreesItsZnodesAndItsRegistration() {
        SimpleMeterRegistry r = new SimpleMeterRegistry();
        AddMeters add = Meters.register(r, tags("/zkload/a"), () -> snapshot(0)).adds();
        add.record(TimeUnit.MILLISECONDS.toNanos(2_250), 120_000, TimeUnit.SECONDS.toNanos(72));
        add.record(TimeUnit.MILLISECONDS.toNanos(750), 1_200, TimeUnit.SECONDS.toNanos(3));
        assertThat(r.get("zkload.sim.add.trees").timer().count()).isEqualTo(2);
        assertThat(r.get("zkload.sim.add.trees").timer().totalTime(TimeUnit.MILLISECONDS))
                .isEqualTo(3_000);
        assertThat(r.get("zkload.sim.add.tree.znodes").counter().count()).isEqualTo(121_200);
        assertThat(r.get("zkload.sim.add.registration").timer().totalTime(TimeUnit.SECONDS))
                .isEqualTo(75);
    }
}
