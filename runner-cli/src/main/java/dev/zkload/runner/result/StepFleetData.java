package dev.zkload.runner.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

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
public record StepFleetData(
        long sessionsConnected,
        Map<String, Long> sessionEvents,
        long operationErrors,
        long runsCompleted,
        long runsFailed) {

    public StepFleetData {
        // in the order given, as written to steps.jsonl: Map.copyOf would order the keys anew in every JVM
        sessionEvents =
                sessionEvents == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(sessionEvents));
    }

    /** Both counts added up, event by event: the fleet of two shards as one. Either may be null (nothing to add). */
    public static StepFleetData plus(StepFleetData a, StepFleetData b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        Map<String, Long> events = new java.util.TreeMap<>(a.sessionEvents);
        b.sessionEvents.forEach((k, v) -> events.merge(k, v, Long::sum));
        return new StepFleetData(
                a.sessionsConnected + b.sessionsConnected,
                events,
                a.operationErrors + b.operationErrors,
                a.runsCompleted + b.runsCompleted,
                a.runsFailed + b.runsFailed);
    }

    /** Sessions that expired during the step. */
    public long expired() {
        return sessionEvents.getOrDefault("expired", 0L);
    }
}
