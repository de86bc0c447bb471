package dev.zkload.runner.engine.disrupt;

import dev.zkload.sim.FleetSnapshot;
import dev.zkload.sim.SessionEvent;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.ToLongFunction;

/**
 * A level's figures as {@code levels.jsonl} records them under {@code measured}: each one observed, or
 * absent with a note saying why; never a default standing in for what was not seen.
 */
final class FaultFigures {
    private FaultFigures() {}

    /**
     * @param settled the rounds of the settled load before the fault
     * @param fault   the rounds from the fault's start to the end of the level
     * @param before  the fleet just before the fault
     * @param after   the fleet at the end of the level
     * @param notes   told what could not be observed
     */
    static Map<String, Double> of(
            List<Moment> settled,
            List<Moment> fault,
            Duration faultTook,
            RecoveryJudge.Recovery recovery,
            FleetSnapshot before,
            FleetSnapshot after,
            List<String> notes) {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("sessions", (double) before.sessions());
        m.put("faultSeconds", faultTook.toMillis() / 1000.0);
        m.put("recovered", recovery.recovered() != null ? 1.0 : 0.0);
        putMs(m, "recoveryMs", recovery.recovered());
        putMs(m, "sessionsBackMs", recovery.sessionsBack());
        putMs(m, "footprintBackMs", recovery.footprintBack());
        if (fault.size() < 2) {
            notes.add("The servers' statistics gave too few rounds after the fault to time the leader's absence.");
        } else {
            m.put("leaderlessMs", (double) RecoveryJudge.leaderless(fault).toMillis());
        }
        m.put("sessionsDisconnected", (double) events(before, after, SessionEvent.DISCONNECTED));
        m.put("sessionsReconnected", (double) events(before, after, SessionEvent.RECONNECTED));
        m.put("sessionsExpired", (double) events(before, after, SessionEvent.EXPIRED));
        m.put("failedCalls", (double) (after.operationErrors() - before.operationErrors()));
        m.put("reshards", (double) (after.reshards() - before.reshards()));
        m.put("reshardWrites", (double) (after.reshardWrites() - before.reshardWrites()));
        lowest(settled, Moment::ephemerals).ifPresent(v -> m.put("ephemeralsBefore", (double) v));
        lowest(fault, Moment::ephemerals).ifPresent(v -> m.put("ephemeralsLowest", (double) v));
        lowest(settled, Moment::watches).ifPresent(v -> m.put("watchesBefore", (double) v));
        lowest(fault, Moment::watches).ifPresent(v -> m.put("watchesLowest", (double) v));
        highest(settled, Moment::leaderOutstanding).ifPresent(v -> m.put("leaderOutstandingBefore", (double) v));
        highest(fault, Moment::leaderOutstanding).ifPresent(v -> m.put("leaderOutstandingMax", (double) v));
        if (!m.containsKey("ephemeralsBefore") || !m.containsKey("watchesBefore")) {
            notes.add("No settled round before the fault read every server's ephemerals and watches: the"
                    + " footprint is judged back when every server answers under a leader.");
        }
        return m;
    }

    /**
     * The footprint a recovered load must hold: the least of the settled rounds, less what the load itself
     * swung by while settled (jobs' running znodes and their watches come and go), and at least 1% of it;
     * -1 (anything) when no settled round read it.
     */
    static Moment.Baseline baseline(List<Moment> settled) {
        return new Moment.Baseline(floor(settled, Moment::ephemerals), floor(settled, Moment::watches));
    }

    private static long floor(List<Moment> settled, ToLongFunction<Moment> count) {
        OptionalLong least = lowest(settled, count);
        if (least.isEmpty()) {
            return -1;
        }
        long swing = highest(settled, count).orElseThrow() - least.getAsLong();
        return least.getAsLong() - Math.max(swing, (least.getAsLong() + 99) / 100);
    }

    private static long events(FleetSnapshot before, FleetSnapshot after, SessionEvent kind) {
        return after.sessionEvents().get(kind) - before.sessionEvents().get(kind);
    }

    private static void putMs(Map<String, Double> m, String name, Duration d) {
        if (d != null) {
            m.put(name, (double) d.toMillis());
        }
    }

    private static OptionalLong lowest(List<Moment> rounds, ToLongFunction<Moment> count) {
        return rounds.stream()
                .filter(m -> !m.silent())
                .mapToLong(count)
                .filter(v -> v >= 0)
                .min();
    }

    private static OptionalLong highest(List<Moment> rounds, ToLongFunction<Moment> count) {
        return rounds.stream()
                .filter(m -> !m.silent())
                .mapToLong(count)
                .filter(v -> v >= 0)
                .max();
    }
}
