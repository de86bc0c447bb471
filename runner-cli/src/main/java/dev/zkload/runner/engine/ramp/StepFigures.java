package dev.zkload.runner.engine.ramp;

import dev.zkload.bench.stats.Rounds;
import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.runner.result.MeasuredFootprint;
import dev.zkload.runner.result.StepFleetData;
import dev.zkload.runner.result.StepPhases;
import dev.zkload.runner.result.StepServerData;
import dev.zkload.sim.FleetSnapshot;
import dev.zkload.sim.SessionEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** How the result records of a step are computed from what was sampled and counted. */
final class StepFigures {
    private StepFigures() {}

    /** Aggregates sample rounds (oldest first); null when no round reached a leader. */
    static StepServerData serverData(List<List<StatsSample>> rounds, Long sessions, Double cpuPercent, Long rssBytes) {
        long sum = 0;
        long max = 0;
        int n = 0;
        List<StatsSample> last = null;
        ServerStats leader = null;
        StatsSample first = null;
        StatsSample end = null;
        for (List<StatsSample> round : rounds) {
            var l = Rounds.leaderOf(round);
            if (l.isPresent()) {
                long outstanding = l.get().stats().outstandingRequests();
                sum += outstanding;
                max = Math.max(max, outstanding);
                n++;
                last = round;
                leader = l.get().stats();
                first = first == null ? l.get() : first;
                end = l.get();
            }
        }
        if (leader == null) {
            return null;
        }
        long watches = 0;
        long connections = 0;
        for (StatsSample s : last) {
            if (s.reachable()) {
                watches += Math.max(0, s.stats().watchCount());
                connections += Math.max(0, s.stats().aliveConnections());
            }
        }
        return new StepServerData(
                leader.znodeCount(),
                watches,
                connections,
                sessions,
                leader.ephemeralsCount(),
                Math.round(10.0 * sum / n) / 10.0,
                max,
                leader.avgLatencyMs(),
                leader.maxLatencyMs(),
                leader.approximateDataSize(),
                cpuPercent,
                rssBytes,
                maxLatencyRose(first, end));
    }

    /**
     * Whether the leader's largest latency, which ZooKeeper keeps since the server started, rose between
     * two of its readings: then the new largest happened between them. Null when they are not the same
     * server's.
     */
    static Boolean maxLatencyRose(StatsSample first, StatsSample end) {
        if (first == null || end == null || !first.server().equals(end.server())) {
            return null;
        }
        return end.stats().maxLatencyMs() > first.stats().maxLatencyMs();
    }

    /**
     * A settled reading minus the baseline, per domain. The baseline is read once the fleet has started
     * (its root and its own admin session exist) and before any domain is added, so nothing but the
     * domains is in the difference and no constant is subtracted.
     */
    static MeasuredFootprint footprint(StepServerData base, StepServerData now, int domains, Double writesPerSec) {
        if (base == null || now == null || domains < 1) {
            return null;
        }
        Double sessions = base.sessions() == null || now.sessions() == null
                ? null
                : per(now.sessions() - base.sessions(), domains);
        return new MeasuredFootprint(
                per(now.znodes() - base.znodes(), domains),
                per(now.ephemerals() - base.ephemerals(), domains),
                per(now.watches() - base.watches(), domains),
                sessions,
                writesPerSec,
                null);
    }

    private static double per(long delta, int domains) {
        return Math.round(100.0 * delta / domains) / 100.0;
    }

    /** What the simulated sessions went through between two snapshots. */
    static StepFleetData fleet(FleetSnapshot from, FleetSnapshot to) {
        Map<String, Long> events = new TreeMap<>();
        for (SessionEvent kind : SessionEvent.values()) {
            events.put(
                    kind.id(),
                    to.sessionEvents().get(kind) - from.sessionEvents().get(kind));
        }
        return new StepFleetData(
                to.sessionsConnected(),
                events,
                to.operationErrors() - from.operationErrors(),
                to.runsCompleted() - from.runsCompleted(),
                to.runsFailed() - from.runsFailed());
    }

    /** How long a step registered, settled and has been measuring until now, in seconds to a tenth. */
    static StepPhases phases(Instant start, Instant added, Instant measured) {
        return new StepPhases(
                tenths(Duration.between(start, added)),
                tenths(Duration.between(added, measured)),
                tenths(Duration.between(measured, Instant.now())));
    }

    static double tenths(Duration d) {
        return Math.round(d.toMillis() / 100.0) / 10.0;
    }
}
