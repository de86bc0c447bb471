package dev.zkload.runner.engine.ramp;

import dev.zkload.bench.stats.Rounds;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.runner.result.Burst;
import dev.zkload.runner.result.MetricsCoverage;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the server sampler sees during one step, sorted by phase: while the step's domains register,
 * the leader's queue is the burst (recorded, not judged); from the moment they are up, every round
 * feeds the saturation detector and counts towards the step's metrics coverage. Called by the
 * sampler's thread ({@link #offer}) and the ramp's (the rest). The ensemble's events (elections,
 * servers that stop answering) are watched in every phase.
 */
final class StepWatch {
    private final SaturationDetector detector;
    private boolean steady;
    private int burstSamples;
    private long burstSum;
    private long burstMax;
    private int rounds;
    private int leaderRounds;
    private final Map<String, Integer> unanswered = new HashMap<>();
    private volatile long lastOutstanding = -1;
    private final EnsembleEventWatch events;

    /** @param voters the ensemble's voting members, 0 when unknown */
    StepWatch(SaturationDetector detector, int voters) {
        this(detector, new EnsembleEventWatch(voters));
    }

    private StepWatch(SaturationDetector detector, EnsembleEventWatch events) {
        this.detector = detector;
        this.events = events;
    }

    /** The next step's watch, carrying on from what this one last saw of the leader. */
    StepWatch next() {
        return new StepWatch(detector, events.next());
    }

    synchronized void offer(List<StatsSample> round) {
        events.offer(round);
        Optional<StatsSample> leader = Rounds.leaderOf(round);
        lastOutstanding = leader.map(l -> l.stats().outstandingRequests()).orElse(-1L);
        if (!steady) {
            leader.ifPresent(l -> {
                long outstanding = l.stats().outstandingRequests();
                burstSamples++;
                burstSum += outstanding;
                burstMax = Math.max(burstMax, outstanding);
            });
            return;
        }
        rounds++;
        for (StatsSample s : round) {
            if (!s.reachable()) {
                unanswered.merge(s.server().hostPort(), 1, Integer::sum);
            }
        }
        if (leader.isPresent()) {
            leaderRounds++;
            detector.offer(leader.get().time(), leader.get().stats().outstandingRequests());
        }
    }

    /** The step's domains are up: from now on the load is judged. */
    synchronized void settledFrom(Instant at) {
        steady = true;
        detector.restart(at);
    }

    synchronized Burst burst() {
        return new Burst(
                burstSamples, burstSamples == 0 ? 0 : Math.round(10.0 * burstSum / burstSamples) / 10.0, burstMax);
    }

    synchronized MetricsCoverage coverage() {
        return new MetricsCoverage(rounds, leaderRounds, unanswered);
    }

    /** The ensemble's events in this step's rounds so far. */
    EnsembleEventWatch events() {
        return events;
    }

    /** The leader's outstanding requests in the last round, -1 when it gave none. */
    long lastOutstanding() {
        return lastOutstanding;
    }
}
