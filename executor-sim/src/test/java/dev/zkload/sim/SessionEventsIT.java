package dev.zkload.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.zkload.bench.client.Connections;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.testing.SessionKiller;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.zk.connect.ServerAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Saturn's reactions to connection events, against a real server: an expired executor registers
 * again on a new session and nothing of the old one is left; a plain reconnect keeps the sessions and
 * their watches.
 * Job runs are paused so that the tree and the watch count hold still and can be compared exactly.
 */
class SessionEventsIT {
    private static final String ROOT = "/zkload/session-events";
    private static final SaturnModel MODEL =
            SaturnModel.saturn21().toBuilder().jobsPerDomain(5).build();
    private static final int SESSIONS = MODEL.executorsPerDomain() + MODEL.consolesPerDomain();

    private final StatsClient stats = new StatsClient(Duration.ofSeconds(5));
    private LocalEnsemble zk;
    private ServerAddress server;
    private FleetImpl fleet;
    private ZooKeeper observer;

    @BeforeEach
    void start() throws Exception {
        zk = LocalEnsemble.builder().servers(1).heap("256m").build();
        zk.start();
        server = zk.servers().get(0);
        fleet = (FleetImpl) DomainFleet.builder(zk.connectString())
                .root(ROOT)
                .model(MODEL)
                .jobRuns(false)
                .build();
        fleet.start();
        fleet.addDomains(1);
        observer = Connections.open(zk.connectString(), Duration.ofSeconds(30), Duration.ofSeconds(30), null);
    }

    @AfterEach
    void stop() throws Exception {
        if (observer != null) {
            observer.close();
        }
        if (fleet != null) {
            fleet.close();
        }
        if (zk != null) {
            zk.close();
        }
    }

    @Test
    void anExpiredExecutorRegistersAgainOnANewSessionAndTheConsoleReshards() throws Exception {
        Executor victim = fleet.domains().get(0).executors.get(0);
        String ip = victim.l.executor(victim.name) + "/ip";
        String reshards = victim.l.ns + "/$SaturnExecutors/sharding/count";
        awaitReshardsSettled(reshards);
        ServerStats before = stats.monitor(server);
        long watchesBefore = stats.watchSummary(server).totalWatches();
        long oldSession = victim.session.zk().handle().getSessionId();
        assertThat(observer.exists(ip, false).getEphemeralOwner()).isEqualTo(oldSession);
        long reshardsBefore = counter(reshards);
        FleetSnapshot settled = fleet.snapshot();
        assertThat(settled.reshards())
                .as("the fleet counts the reshards Saturn's own counter counts")
                .isEqualTo(reshardsBefore);

        SessionKiller.expire(zk.connectString(), victim.session.zk().handle());

        await().atMost(Timeouts.seconds(60))
                .pollInterval(Duration.ofMillis(250))
                .ignoreExceptions()
                .until(() -> {
                    Stat s = observer.exists(ip, false);
                    return s != null && s.getEphemeralOwner() != oldSession;
                });
        assertThat(fleet.snapshot().sessionEvents()).containsEntry(SessionEvent.EXPIRED, 1L);
        long newSession = victim.session.zk().handle().getSessionId();
        // registered again in full: the ip and every job's status, owned by the new session (job leader
        // hosts too, where it won the election again)
        List<String> registration = new ArrayList<>(List.of(ip));
        victim.l.jobs.forEach(job -> registration.add(victim.l.server(job, victim.name) + "/status"));
        await().atMost(Timeouts.seconds(60)).ignoreExceptions().until(() -> ownedBy(newSession)
                .containsAll(registration));
        assertThat(ownedBy(oldSession)).as("ephemerals of the expired session").isEmpty();
        await().atMost(Timeouts.seconds(60)).ignoreExceptions().untilAsserted(() -> {
            ServerStats after = stats.monitor(server);
            assertThat(after.ephemeralsCount()).isEqualTo(before.ephemeralsCount());
            assertThat(after.aliveConnections()).isEqualTo(before.aliveConnections());
            assertThat(after.znodeCount()).isEqualTo(before.znodeCount());
            assertThat(stats.watchSummary(server).totalWatches()).isEqualTo(watchesBefore);
        });
        // the executor left (its ip went with the old session) and joined again: the leader console resharded
        assertThat(counter(reshards)).isGreaterThan(reshardsBefore);
        await().atMost(Timeouts.seconds(30))
                .ignoreExceptions()
                .untilAsserted(() -> assertThat(fleet.snapshot().reshards()).isEqualTo(counter(reshards)));
        FleetSnapshot after = fleet.snapshot();
        // each wrote at least one job's new assignment, then the domain's sharding content and count
        assertThat(after.reshardWrites() - settled.reshardWrites())
                .isGreaterThanOrEqualTo(3 * (after.reshards() - settled.reshards()));
        assertThat(fleet.snapshot().sessionsOpen()).isEqualTo(SESSIONS);
    }

    @Test
    void aReconnectKeepsEverySessionAndItsWatches() throws Exception {
        awaitReshardsSettled(fleet.domains().get(0).layout.ns + "/$SaturnExecutors/sharding/count");
        ServerStats before = stats.monitor(server);
        long watchesBefore = stats.watchSummary(server).totalWatches();
        List<Long> sessionsBefore = executorSessions();
        long reshardsBefore = fleet.snapshot().reshards();
        observer.close();
        observer = null;

        // well inside the 20 s session timeout: the server restores its sessions from its log
        zk.restart(1);

        await().atMost(Timeouts.seconds(60))
                .pollInterval(Duration.ofMillis(500))
                .ignoreExceptions()
                .untilAsserted(() -> {
                    assertThat(fleet.snapshot().sessionEvents().get(SessionEvent.RECONNECTED))
                            .isEqualTo((long) SESSIONS);
                    assertThat(stats.watchSummary(server).totalWatches()).isEqualTo(watchesBefore);
                    ServerStats after = stats.monitor(server);
                    assertThat(after.ephemeralsCount()).isEqualTo(before.ephemeralsCount());
                    assertThat(after.znodeCount()).isEqualTo(before.znodeCount());
                });
        assertThat(fleet.snapshot().sessionEvents())
                .containsEntry(SessionEvent.EXPIRED, 0L)
                .containsEntry(SessionEvent.DISCONNECTED, (long) SESSIONS);
        assertThat(executorSessions()).as("the same sessions, not new ones").isEqualTo(sessionsBefore);
        assertThat(fleet.snapshot().reshards())
                .as("no executor left: nothing to reshard")
                .isEqualTo(reshardsBefore);
    }

    /** The console reshards 0.5 s after a burst of joins; wait until its counter holds still. */
    private void awaitReshardsSettled(String countPath) {
        long[] last = {-1};
        await().atMost(Timeouts.seconds(30))
                .pollInterval(Duration.ofSeconds(2))
                .ignoreExceptions()
                .until(() -> {
                    long now = counter(countPath);
                    boolean still = now == last[0] && now > 0;
                    last[0] = now;
                    return still;
                });
    }

    private long counter(String path) throws Exception {
        return Long.parseLong(new String(observer.getData(path, false, null), StandardCharsets.UTF_8));
    }

    private List<Long> executorSessions() {
        List<Long> ids = new ArrayList<>();
        for (Executor x : fleet.domains().get(0).executors) {
            ids.add(x.session.zk().handle().getSessionId());
        }
        return ids;
    }

    /** Ephemeral znodes under the root owned by one session. */
    private List<String> ownedBy(long session) throws Exception {
        List<String> owned = new ArrayList<>();
        walk(ROOT, session, owned);
        return owned;
    }

    private void walk(String path, long session, List<String> owned) throws Exception {
        Stat s = observer.exists(path, false);
        if (s == null) {
            return;
        }
        if (s.getEphemeralOwner() == session) {
            owned.add(path);
        }
        for (String child : observer.getChildren(path, false)) {
            walk(path + "/" + child, session, owned);
        }
    }
}
