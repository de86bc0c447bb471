package dev.zkload.sim;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a fleet is doing at one instant, counted on the client side. Every map holds every key of
 * its enum (zero when nothing happened), so {@code operations().get(Operation.MULTI)} is never null.
 *
 * @param domains           domains registered or being registered
 * @param executors         executor processes simulated
 * @param consoles          console sharding sessions
 * @param jobs              jobs over all domains
 * @param sessionsOpen      ZooKeeper sessions open now, executors and consoles
 * @param sessionsConnected of those, sessions connected now
 * @param runsStarted       item runs started (running node created)
 * @param runsCompleted     item runs completed (completed node written, running deleted)
 * @param runsFailed        fires that failed on a ZooKeeper error (also counted as {@link FailureKind#JOB_FIRE})
 * @param operations        ZooKeeper requests issued, by kind
 * @param operationErrors   requests that failed (answered with an error code the simulator does not expect;
 *                          not those cut short by their session's own close)
 * @param operationErrorCodes the same by operation and ZooKeeper error code, e.g. {@code "set_data NONODE" -> 3}
 *                          or {@code "multi CONNECTIONLOSS" -> 1}; only the pairs that occurred, sorted
 * @param sessionEvents     connection events, by kind
 * @param failures          background work that failed, by kind
 * @param reshards          reshards the console leaders wrote: a new item assignment for at least one job,
 *                          committed in one {@code multi}, because executors came or went or a console
 *                          began to lead (a reshard that found nothing changed writes nothing and is not
 *                          counted; one that failed is a {@link FailureKind#RESHARD})
 * @param reshardWrites     znodes those reshards set: each changed job's assignment, then the domain's
 *                          sharding content and count
 * @param jobsWithoutLeader jobs whose leader host ({@code leader/election/host}) no executor of their domain
 *                          sees: 0 once every domain has registered; above 0 while a leader is being elected
 *                          again, and for as long as a domain's executors cannot register (then
 *                          {@link FailureKind#REGISTRATION} failures count)
 * @param domainsWithoutConsoleLeader domains whose console leader host ({@code $SaturnExecutors/leader/host}) no
 *                          console session of theirs sees: 0 once every domain has registered
 */
public record FleetSnapshot(
        int domains,
        int executors,
        int consoles,
        int jobs,
        long sessionsOpen,
        long sessionsConnected,
        long runsStarted,
        long runsCompleted,
        long runsFailed,
        Map<Operation, Long> operations,
        long operationErrors,
        Map<String, Long> operationErrorCodes,
        Map<SessionEvent, Long> sessionEvents,
        Map<FailureKind, Long> failures,
        long reshards,
        long reshardWrites,
        long jobsWithoutLeader,
        int domainsWithoutConsoleLeader) {

    /**
     * A snapshot; the maps are copied, the kinds missing from them filled in with zero.
     *
     * @param domains           domains registered or being registered
     * @param executors         executor processes simulated
     * @param consoles          console sharding sessions
     * @param jobs              jobs over all domains
     * @param sessionsOpen      ZooKeeper sessions open now
     * @param sessionsConnected of those, sessions connected now
     * @param runsStarted       item runs started
     * @param runsCompleted     item runs completed
     * @param runsFailed        fires that failed
     * @param operations        requests issued, by kind
     * @param operationErrors   requests that failed
     * @param operationErrorCodes requests that failed, by {@code "<operation id> <CODE>"}
     * @param sessionEvents     connection events, by kind
     * @param failures          background work that failed, by kind
     * @param reshards          reshards the console leaders wrote
     * @param reshardWrites     znodes those reshards set
     * @param jobsWithoutLeader jobs whose leader host no executor sees
     * @param domainsWithoutConsoleLeader domains whose console leader host no console sees
     */
    public FleetSnapshot {
        operations = complete(Operation.class, operations);
        operationErrorCodes = Collections.unmodifiableMap(new TreeMap<>(operationErrorCodes));
        sessionEvents = complete(SessionEvent.class, sessionEvents);
        failures = complete(FailureKind.class, failures);
    }

    /**
     * A snapshot as the fleet took them before it counted leaders: every job and domain taken as led.
     * For code that builds snapshots itself (a test double); a fleet's own snapshots count them.
     *
     * @param domains           domains registered or being registered
     * @param executors         executor processes simulated
     * @param consoles          console sharding sessions
     * @param jobs              jobs over all domains
     * @param sessionsOpen      ZooKeeper sessions open now
     * @param sessionsConnected of those, sessions connected now
     * @param runsStarted       item runs started
     * @param runsCompleted     item runs completed
     * @param runsFailed        fires that failed
     * @param operations        requests issued, by kind
     * @param operationErrors   requests that failed
     * @param operationErrorCodes requests that failed, by {@code "<operation id> <CODE>"}
     * @param sessionEvents     connection events, by kind
     * @param failures          background work that failed, by kind
     * @param reshards          reshards the console leaders wrote
     * @param reshardWrites     znodes those reshards set
     */
    public FleetSnapshot(
            int domains,
            int executors,
            int consoles,
            int jobs,
            long sessionsOpen,
            long sessionsConnected,
            long runsStarted,
            long runsCompleted,
            long runsFailed,
            Map<Operation, Long> operations,
            long operationErrors,
            Map<String, Long> operationErrorCodes,
            Map<SessionEvent, Long> sessionEvents,
            Map<FailureKind, Long> failures,
            long reshards,
            long reshardWrites) {
        this(
                domains,
                executors,
                consoles,
                jobs,
                sessionsOpen,
                sessionsConnected,
                runsStarted,
                runsCompleted,
                runsFailed,
                operations,
                operationErrors,
                operationErrorCodes,
                sessionEvents,
                failures,
                reshards,
                reshardWrites,
                0,
                0);
    }

    /**
     * Whether every job has its leader and every domain its console leader, as the fleet's sessions see
     * them: false while a leader is elected again, and for as long as a domain cannot register.
     *
     * @return no job and no domain without its leader
     */
    public boolean leadersComplete() {
        return jobsWithoutLeader == 0 && domainsWithoutConsoleLeader == 0;
    }

    /**
     * Sessions the servers should see: executors plus consoles.
     *
     * @return executors plus consoles
     */
    public long sessions() {
        return (long) executors + consoles;
    }

    private static <K extends Enum<K>> Map<K, Long> complete(Class<K> type, Map<K, Long> counts) {
        Map<K, Long> all = new EnumMap<>(type);
        for (K k : type.getEnumConstants()) {
            all.put(k, counts.getOrDefault(k, 0L));
        }
        return Collections.unmodifiableMap(all);
    }
}
