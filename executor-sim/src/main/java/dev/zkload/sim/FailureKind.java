package dev.zkload.sim;

import java.util.Locale;

/**
 * The background work of a fleet that can fail, as {@link FleetSnapshot#failures()} counts it.
 * The first few failures of each kind are logged with their cause (SLF4J, logger
 * {@code dev.zkload.sim}); the rest are only counted.
 */
public enum FailureKind {
    /** A job fire: its reads, or an item run's writes. */
    JOB_FIRE,
    /** The counters an executor rewrites every five minutes per job. */
    STATISTICS,
    /** A cache's read or watch: after an event, on start or after a reconnect. */
    CACHE,
    /** Resharding: the console leader's assignment, or the job leader applying it. */
    RESHARD,
    /** Registering again on a new session after the old one expired (each failed try; it is tried again). */
    REGISTRATION,
    /** A leader election after a leader's host node went: a job's among its executors, or the console's. */
    ELECTION,
    /** A graceful shutdown's writes ({@link DomainFleet#removeDomains(int)}). */
    SHUTDOWN;

    /**
     * The name meters use as their {@code kind} tag.
     *
     * @return the lower-case name
     */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
