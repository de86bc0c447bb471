package dev.zkload.runner.engine.disrupt;

import dev.zkload.bench.stats.Rounds;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.sim.FleetSnapshot;
import dev.zkload.sim.SessionEvent;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The ensemble and the fleet at one sample round: what recovery is judged on, and a line of
 * {@code timeline.csv}. A count the round could not read is -1.
 *
 * @param time              when the round was taken
 * @param leads             a leader serves: a server answered that it leads, or a follower answered (it
 *                          serves only while it follows a leader; a slow leader is still a leader)
 * @param silent            no server answered and none refused: every one missed the round's deadline,
 *                          which one fault never does (the machine or the runner paused); the round says
 *                          nothing about the ensemble
 * @param serversAnswering  servers that answered the round
 * @param servers           servers in the ensemble
 * @param sessionsConnected simulated sessions connected now
 * @param sessionsExpected  simulated sessions the fleet's domains have (executors and consoles)
 * @param sessionsLost      the simulated sessions' connection losses and expiries so far (since the fleet
 *                          started; an expired session counts twice, its loss and its expiry): a session lost
 *                          and back between two rounds shows here, not in {@code sessionsConnected}. Read when
 *                          the round ends, up to its deadline after {@code time}
 * @param ephemerals        ephemeral znodes in the tree, as the leader counts them (another server when the
 *                          leader did not answer)
 * @param watches           watches summed over the servers (each counts its own sessions'), -1 unless all answered
 * @param leaderOutstanding requests queued on the leader
 * @param reshards          the fleet's console reshards so far (since it started)
 * @param reshardWrites     the znodes those reshards set
 */
public record Moment(
        Instant time,
        boolean leads,
        boolean silent,
        int serversAnswering,
        int servers,
        long sessionsConnected,
        long sessionsExpected,
        long sessionsLost,
        long ephemerals,
        long watches,
        long leaderOutstanding,
        long reshards,
        long reshardWrites) {

    /** The moment of one sample round, with the fleet's counts of that instant. */
    static Moment of(List<StatsSample> round, FleetSnapshot fleet) {
        List<StatsSample> answering =
                round.stream().filter(StatsSample::reachable).toList();
        // the tree's counts are the same on every server; the leader's is the newest
        Optional<StatsSample> counter =
                Rounds.leaderOf(round).or(() -> answering.stream().findFirst());
        boolean allWatches = answering.size() == round.size()
                && answering.stream().allMatch(s -> s.stats().watchCount() >= 0);
        return new Moment(
                round.isEmpty() ? Instant.now() : round.get(0).time(),
                Rounds.leaderServes(round),
                answering.isEmpty() && round.stream().noneMatch(StatsSample::serverDown),
                answering.size(),
                round.size(),
                fleet.sessionsConnected(),
                fleet.sessions(),
                fleet.sessionEvents().get(SessionEvent.DISCONNECTED)
                        + fleet.sessionEvents().get(SessionEvent.EXPIRED),
                counter.map(s -> s.stats().ephemeralsCount()).orElse(-1L),
                allWatches
                        ? answering.stream()
                                .mapToLong(s -> s.stats().watchCount())
                                .sum()
                        : -1,
                Rounds.leaderOf(round).map(s -> s.stats().outstandingRequests()).orElse(-1L),
                fleet.reshards(),
                fleet.reshardWrites());
    }

    boolean sessionsBack() {
        return sessionsConnected == sessionsExpected;
    }

    /**
     * Whether a session was lost since {@code earlier}. A client that gives a silent server up is on
     * another within a second or so, often between two rounds: only the count of losses shows it.
     */
    boolean sessionsLostSince(Moment earlier) {
        return sessionsLost != earlier.sessionsLost;
    }

    /** Every server answers under a leader, holding at least the footprint a recovered load holds. */
    boolean footprintBack(Baseline before) {
        return leads && serversAnswering == servers && ephemerals >= before.ephemerals() && watches >= before.watches();
    }

    /** The least ephemerals and watches a recovered load holds, from what it held before the fault. */
    public record Baseline(long ephemerals, long watches) {}
}
