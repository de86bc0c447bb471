package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.testing.SessionKiller;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.bench.testing.ZkClients;
import dev.zkload.sim.testing.OneServer;
import dev.zkload.zk.ZkTrees;
import dev.zkload.zk.connect.ServerAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.Test;

/**
 * A server down for longer than the session timeout, restarted: every session is expired by its client
 * while the server is away, and the processes register again on new sessions as soon as it answers. Back
 * with its data, it still holds the old sessions, and with them the old job and console leaders' hosts,
 * until it expires them itself: then every job and the console elect a leader again, the footprint is the
 * model's, exactly, and an executor that leaves later is resharded. Back without its data, the fleet
 * writes its root and trees again and the processes register on them. The server's session timeout is 4 s
 * (its {@code maxSessionTimeout}), so that an outage of a few seconds is longer than it.
 */
// ZooKeeper.close() declares InterruptedException; no test thread is ever interrupted
@SuppressWarnings("try")
class OutageIT {
    private static final String ROOT = "/zkload/outage";
    private static final SaturnModel MODEL =
            SaturnModel.saturn21().toBuilder().jobsPerDomain(5).build();
    private static final int SESSIONS = MODEL.executorsPerDomain() + MODEL.consolesPerDomain();
    /** Every executor's ip and job statuses, each job's leader host, the console leader's host, the fleet's lock. */
    private static final long EPHEMERALS =
            MODEL.executorsPerDomain() * (1L + MODEL.jobsPerDomain()) + MODEL.jobsPerDomain() + 1 + 1;

    private final StatsClient stats = new StatsClient(Duration.ofSeconds(5));

    @Test
    void backWithItsDataEveryLeaderIsElectedAgainAndALaterLeaveIsResharded() throws Exception {
        try (LocalEnsemble zk = OneServer.startedWith("maxSessionTimeout", "4000");
                FleetImpl fleet = fleet(zk)) {
            ServerAddress server = zk.servers().get(0);
            ServerStats steady = awaitModel(fleet, server);
            Set<Long> oldSessions = ephemeralOwners(zk);
            Map<ReshardCause, Long> steadyReshards = fleet.snapshot().reshardsByCause();

            outage(zk, fleet);
            zk.restart(1);

            // the old sessions' hosts stay until the server expires those sessions, 4 s after it is back
            await().atMost(Timeouts.seconds(60))
                    .pollInterval(Duration.ofMillis(500))
                    .ignoreExceptions()
                    .untilAsserted(() -> assertThat(ephemeralOwners(zk)).doesNotContainAnyElementsOf(oldSessions));
            ServerStats back = awaitModel(fleet, server);
            assertThat(back.znodeCount()).isEqualTo(steady.znodeCount());

            FleetSnapshot afterOutage = fleet.snapshot();
            assertThat(afterOutage.controlSessionExpiries())
                    .as("the control session expired with the others, and was replaced")
                    .isPositive();
            assertThat(afterOutage.rootRewrites())
                    .as("the server kept its data")
                    .isZero();
            assertThat(afterOutage.reshardsByCause().get(ReshardCause.LEADER_ELECTED))
                    .as("the domain's new console leader resharded as it began to lead")
                    .isGreaterThan(steadyReshards.get(ReshardCause.LEADER_ELECTED));

            Executor leaving = fleet.domains().get(0).executors.get(0);
            String count = leaving.l.ns + "/$SaturnExecutors/sharding/count";
            long reshards = fleet.snapshot().reshards();
            long executorsChanged = fleet.snapshot().reshardsByCause().get(ReshardCause.EXECUTORS_CHANGED);
            long counted = counter(zk, count);
            SessionKiller.expire(zk.connectString(), leaving.session.zk().handle());
            await().atMost(Timeouts.seconds(60))
                    .pollInterval(Duration.ofMillis(500))
                    .ignoreExceptions()
                    .untilAsserted(() -> {
                        assertThat(fleet.snapshot().reshards())
                                .as("the console leader elected after the outage reshards")
                                .isGreaterThan(reshards);
                        assertThat(fleet.snapshot().reshardsByCause().get(ReshardCause.EXECUTORS_CHANGED))
                                .as("because an executor left")
                                .isGreaterThan(executorsChanged);
                        assertThat(counter(zk, count)).isGreaterThan(counted);
                    });
            awaitModel(fleet, server);
        }
    }

    @Test
    void backWithoutItsDataTheFleetWritesItsTreesAgainAndEveryProcessRegisters() throws Exception {
        try (LocalEnsemble zk = OneServer.startedWith("maxSessionTimeout", "4000");
                FleetImpl fleet = fleet(zk)) {
            ServerAddress server = zk.servers().get(0);
            ServerStats steady = awaitModel(fleet, server);

            outage(zk, fleet);
            List<Path> data;
            try (Stream<Path> files = Files.walk(zk.dataDir(1).resolve("version-2"))) {
                data = files.sorted(Comparator.reverseOrder()).toList();
            }
            for (Path p : data) {
                Files.delete(p);
            }
            zk.restart(1);

            ServerStats back = awaitModel(fleet, server);
            assertThat(back.znodeCount()).isEqualTo(steady.znodeCount());
            assertThat(fleet.snapshot().rootRewrites())
                    .as("the fleet found its root gone and wrote it again, once")
                    .isEqualTo(1);
            assertThat(fleet.snapshot().controlSessionExpiries()).isPositive();
            fleet.close();
            try (ZooKeeper observer = ZkClients.connect(zk.connectString())) {
                assertThat(ZkTrees.list(observer, ROOT)).as("what close left").isEmpty();
            }
        }
    }

    private static FleetImpl fleet(LocalEnsemble zk) throws Exception {
        // runs paused: the ephemerals and watches are then exact, not an average
        FleetImpl fleet = (FleetImpl) DomainFleet.builder(zk.connectString())
                .root(ROOT)
                .model(MODEL)
                .jobRuns(false)
                .build();
        fleet.start();
        fleet.addDomains(1);
        return fleet;
    }

    /** The server down longer than the session timeout: every session of the fleet expires on its client. */
    private static void outage(LocalEnsemble zk, FleetImpl fleet) throws InterruptedException {
        zk.stop(1);
        await().atMost(Timeouts.seconds(60))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> fleet.snapshot().sessionsConnected() == 0);
        FleetSnapshot away = fleet.snapshot();
        assertThat(away.leadersComplete())
                .as("no connected session sees a leader, whatever the caches saw before (%s)", away)
                .isFalse();
        assertThat(away.jobsWithoutLeader()).isEqualTo(away.jobs());
        await().atMost(Timeouts.seconds(60))
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> assertThat(fleet.snapshot().sessionEvents().get(SessionEvent.EXPIRED))
                        .as("sessions expired by their clients while the server is away")
                        .isEqualTo((long) SESSIONS));
        assertThat(fleet.snapshot().leadersComplete()).isFalse();
    }

    /** Waits until the server holds the model's ephemerals and watches exactly, and the fleet sees every leader. */
    private ServerStats awaitModel(FleetImpl fleet, ServerAddress server) throws Exception {
        long watches = (long) MODEL.expectedFootprint().watches();
        await().atMost(Timeouts.seconds(90))
                .pollInterval(Duration.ofMillis(500))
                .ignoreExceptions()
                .untilAsserted(() -> {
                    FleetSnapshot s = fleet.snapshot();
                    assertThat(s.sessionsConnected()).as("sessions connected").isEqualTo(SESSIONS);
                    assertThat(s.jobsWithoutLeader())
                            .as("jobs without a leader")
                            .isZero();
                    assertThat(s.domainsWithoutConsoleLeader())
                            .as("domains without a console leader")
                            .isZero();
                    ServerStats now = stats.monitor(server);
                    assertThat(now.ephemeralsCount()).as("ephemerals").isEqualTo(EPHEMERALS);
                    assertThat(now.watchCount()).as("watches").isEqualTo(watches);
                });
        return stats.monitor(server);
    }

    private static Set<Long> ephemeralOwners(LocalEnsemble zk) throws Exception {
        Set<Long> owners = new HashSet<>();
        try (ZooKeeper observer = ZkClients.connect(zk.connectString())) {
            for (String path : ZkTrees.list(observer, ROOT)) {
                Stat stat = observer.exists(path, false);
                if (stat != null && stat.getEphemeralOwner() != 0 && !path.endsWith("/zkload.lock")) {
                    owners.add(stat.getEphemeralOwner());
                }
            }
        }
        return owners;
    }

    private static long counter(LocalEnsemble zk, String path) throws Exception {
        try (ZooKeeper observer = ZkClients.connect(zk.connectString())) {
            return Long.parseLong(new String(observer.getData(path, false, null), StandardCharsets.UTF_8));
        }
    }
}
