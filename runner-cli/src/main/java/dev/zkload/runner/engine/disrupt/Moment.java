package dev.zkload.runner.engine.disrupt;

import dev.zkload.bench.stats.StatsSample;
import dev.zkload.bench.stats.StatsSampler;
import dev.zkload.sim.FleetSnapshot;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The ensemble and the fleet at one sample round: what recovery is judged on, and a line of
 * {@code timeline.csv}. A count the round could not read is -1.
 *
 * @param time              when the round was taken
 * @param leads             a server that answered leads
 * @param serversAnswering  servers that answered the round
 * @param servers           servers in the ensemble
 * @param sessionsConnected simulated sessions connected now
 * @param sessionsExpected  simulated sessions the fleet's domains have (executors and consoles)
 * @param ephemerals        ephemeral znodes in the tree, as the leader counts them
 * @param watches           watches summed over the servers (each counts its own sessions'), -1 unless all answered
 * @param leaderOutstanding requests queued on the leader
 */
public record Moment(
        Instant time,
        boolean leads,
        int serversAnswering,
        int servers,
        long sessionsConnected,
        long sessionsExpected,
        long ephemerals,
        long watches,
        long leaderOutstanding) {

    /** The moment of one sample round, with the fleet's counts of that instant. */
    static Moment of(List<StatsSample> round, FleetSnapshot fleet) {
        Optional<StatsSample> leader = StatsSampler.leaderOf(round);
        List<StatsSample> answering =
                round.stream().filter(StatsSample::reachable).toList();
        boolean allWatches = answering.size() == round.size()
                && answering.stream().allMatch(s -> s.stats().watchCount() >= 0);
        return new Moment(
                round.isEmpty() ? Instant.now() : round.get(0).time(),
                leader.isPresent(),
                answering.size(),
                round.size(),
                fleet.sessionsConnected(),
                fleet.sessions(),
                leader.map(s -> s.stats().ephemeralsCount()).orElse(-1L),
                allWatches
                        ? answering.stream()
                                .mapToLong(s -> s.stats().watchCount())
                                .sum()
                        : -1,
                leader.map(s -> s.stats().outstandingRequests()).orElse(-1L));
    }

    boolean sessionsBack() {
        return sessionsConnected == sessionsExpected;
    }

    /** Every server answers under a leader, holding at least the footprint it held before the fault. */
    boolean footprintBack(Baseline before) {
        return leads && serversAnswering == servers && ephemerals >= before.ephemerals() && watches >= before.watches();
    }

    /**
     * The footprint the load held before the fault: the least ephemerals and watches of the settled
     * rounds (jobs' running znodes come and go, so the least is what a recovered fleet must hold).
     */
    public record Baseline(long ephemerals, long watches) {}
}
