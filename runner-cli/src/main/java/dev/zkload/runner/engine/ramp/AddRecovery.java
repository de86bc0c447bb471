package dev.zkload.runner.engine.ramp;

import dev.zkload.bench.stats.Rounds;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.runner.engine.run.RunListener;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.DomainStartException;
import dev.zkload.sim.FleetSnapshot;
import dev.zkload.sim.SessionEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.apache.zookeeper.KeeperException;

/**
 * What one step does when a chunk of its domains fails to register. A failure that an ensemble event
 * explains (the registering sessions lost their connection, the step's sessions were cut, the sampler
 * saw an election or a server stop answering) is a fault the step goes through, as the other phases
 * do: wait for a leader, at most the {@link StopRules#LEADERLESS_LIMIT} that makes it a lost quorum,
 * and add the chunk again; the step is then judged on the events it saw. Any other failure ends the
 * ramp ({@code cannot-add-domains}).
 *
 * <p>The domains of a chunk cut short are removed before the chunk is added again, so the fleet holds
 * the step's count of domains and the step's figures are those of its domains; a step with such a
 * fault is never stable.
 */
final class AddRecovery implements DomainAdder.Recovery {
    /** What a connection cut by a fault fails the registering calls with. */
    private static final Set<KeeperException.Code> CUT = Set.of(
            KeeperException.Code.CONNECTIONLOSS,
            KeeperException.Code.SESSIONEXPIRED,
            KeeperException.Code.OPERATIONTIMEOUT,
            KeeperException.Code.SESSIONMOVED);

    private static final Duration POLL = Duration.ofMillis(500);

    private final DomainFleet fleet;
    private final FleetSnapshot before;
    private final StepWatch watch;
    private final LeaderGaps leaderGaps;
    private final ServerReadings readings;
    private final RunListener progress;
    private volatile boolean stopped;

    AddRecovery(
            DomainFleet fleet,
            FleetSnapshot before,
            StepWatch watch,
            LeaderGaps leaderGaps,
            ServerReadings readings,
            RunListener progress) {
        this.fleet = fleet;
        this.before = before;
        this.watch = watch;
        this.leaderGaps = leaderGaps;
        this.readings = readings;
        this.progress = progress;
    }

    @Override
    public DomainAdder.Outcome after(DomainStartException failure, int added) throws InterruptedException {
        if (!cut(failure) && !eventSeen()) {
            return DomainAdder.Outcome.FAIL;
        }
        progress.line(
                "warning: registering domains failed during an ensemble event (%s); adding them again once the"
                        + " ensemble serves",
                failure.getMessage());
        DomainAdder.Outcome next = awaitLeader();
        if (next == DomainAdder.Outcome.RETRY) {
            // the cut chunk's domains that joined the fleet go, so the chunk added again is not added twice
            int surplus = fleet.snapshot().domains() - before.domains() - added;
            if (surplus > 0) {
                fleet.removeDomains(surplus);
            }
        }
        return next;
    }

    /** Waits for a leader that serves: RETRY once one does, STOP after the limit that makes it a lost quorum. */
    private DomainAdder.Outcome awaitLeader() throws InterruptedException {
        Instant giveUp = Instant.now().plus(StopRules.LEADERLESS_LIMIT);
        while (Instant.now().isBefore(giveUp)
                && leaderGaps.current(Instant.now()).compareTo(StopRules.LEADERLESS_LIMIT) < 0) {
            List<StatsSample> round = readings.round();
            if (round.isEmpty()) {
                // without the servers' statistics no leader can be seen: give the election its usual time
                Thread.sleep(Duration.ofSeconds(2).toMillis());
                return DomainAdder.Outcome.RETRY;
            }
            if (Rounds.leaderServes(round)) {
                return DomainAdder.Outcome.RETRY;
            }
            Thread.sleep(POLL.toMillis());
        }
        stopped = true;
        return DomainAdder.Outcome.STOP;
    }

    /** True when adding stopped because no leader served for the limit: the step is judged, not refused. */
    boolean stopped() {
        return stopped;
    }

    private static boolean cut(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof KeeperException k && CUT.contains(k.code())) {
                return true;
            }
        }
        return false;
    }

    private boolean eventSeen() {
        FleetSnapshot now = fleet.snapshot();
        return count(now, SessionEvent.DISCONNECTED) > count(before, SessionEvent.DISCONNECTED)
                || count(now, SessionEvent.EXPIRED) > count(before, SessionEvent.EXPIRED)
                || leaderGaps.current(Instant.now()).compareTo(Duration.ZERO) > 0
                || watch.events().any();
    }

    private static long count(FleetSnapshot s, SessionEvent e) {
        return s.sessionEvents().get(e);
    }
}
