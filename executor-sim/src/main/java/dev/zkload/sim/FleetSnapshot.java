package dev.zkload.sim;

import java.util.Map;

/**
 * What a fleet is doing at one instant.
 *
 * @param domains        domains registered
 * @param executors      executor processes simulated
 * @param consoles       console sharding sessions
 * @param jobs           jobs over all domains
 * @param sessionsOpen   ZooKeeper sessions open now
 * @param sessionsConnected sessions connected now
 * @param runsStarted    item runs started (running node created)
 * @param runsCompleted  item runs completed (completed node written, running deleted)
 * @param runsFailed     fires that failed on a ZooKeeper error
 * @param operations     ZooKeeper requests issued, by kind (exists, getData, create, …)
 * @param operationErrors requests that failed
 * @param sessionEvents  disconnected / reconnected / expired, counted
 */
public record FleetSnapshot(int domains, int executors, int consoles, int jobs, long sessionsOpen, long sessionsConnected,
        long runsStarted, long runsCompleted, long runsFailed, Map<String, Long> operations, long operationErrors,
        Map<String, Long> sessionEvents) {

    public FleetSnapshot {
        operations = Map.copyOf(operations);
        sessionEvents = Map.copyOf(sessionEvents);
    }

    /** Sessions the servers should see: executors plus consoles. */
    public long sessions() {
        return (long) executors + consoles;
    }
}
