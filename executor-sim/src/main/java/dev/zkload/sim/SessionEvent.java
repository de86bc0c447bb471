package dev.zkload.sim;

import java.util.Locale;

/** What can happen to a simulated session's connection, as {@link FleetSnapshot#sessionEvents()} counts it. */
public enum SessionEvent {
    /** The connection was lost; the session may still come back within its 20 s timeout. */
    DISCONNECTED,
    /** A lost connection came back on the same session: its watches survive and the caches re-read. */
    RECONNECTED,
    /** The session expired: its ephemerals are gone and the process registers again on a new session. */
    EXPIRED;

    /**
     * The name meters use as their {@code kind} tag.
     *
     * @return the lower-case name
     */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
