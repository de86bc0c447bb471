package dev.zkload.sim;

import java.util.Locale;

/** Why a console leader resharded its domain, as {@link FleetSnapshot#reshardsByCause()} counts it. */
public enum ReshardCause {
    /** Executors came or went: an executor's {@code ip} or a job's {@code status} node appeared or went. */
    EXECUTORS_CHANGED,
    /**
     * A console began to lead its domain (its first reshard covers whatever joined before it led): every domain
     * once as it registers, and again after the console leader's session expired, as in an outage.
     */
    LEADER_ELECTED;

    /**
     * The name meters use as their {@code cause} tag.
     *
     * @return the lower-case name
     */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
