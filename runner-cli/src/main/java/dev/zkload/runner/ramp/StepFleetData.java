package dev.zkload.runner.ramp;

import dev.zkload.sim.FleetSnapshot;
import dev.zkload.sim.SessionEvent;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the simulated domains went through during one step, as counted on the client side: a fault
 * shows here (disconnects, expiries, failed calls) even when the servers' samples look calm.
 *
 * @param sessionsConnected sessions (executors and consoles) connected at the end of the step
 * @param sessionEvents     disconnected / reconnected / expired during the step
 * @param operationErrors   the simulator's ZooKeeper calls that failed during the step
 * @param runsCompleted     item runs completed during the step
 * @param runsFailed        fires that failed during the step
 */
public record StepFleetData(long sessionsConnected, Map<String, Long> sessionEvents, long operationErrors,
        long runsCompleted, long runsFailed) {

    public StepFleetData {
        sessionEvents = Map.copyOf(sessionEvents);
    }

    static StepFleetData between(FleetSnapshot from, FleetSnapshot to) {
        Map<String, Long> events = new TreeMap<>();
        for (SessionEvent kind : SessionEvent.values()) {
            events.put(kind.id(), to.sessionEvents().get(kind) - from.sessionEvents().get(kind));
        }
        return new StepFleetData(to.sessionsConnected(), events, to.operationErrors() - from.operationErrors(),
                to.runsCompleted() - from.runsCompleted(), to.runsFailed() - from.runsFailed());
    }

    /** Sessions that expired during the step. */
    public long expired() {
        return sessionEvents.getOrDefault("expired", 0L);
    }
}
