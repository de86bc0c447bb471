package dev.zkload.runner.result;

import com.fasterxml.jackson.annotation.JsonValue;

/** Why a ramp ended; the names are the {@code stopReason} values of {@code summary.json}. */
public enum StopReason {
    TARGET_REACHED("target-reached"),
    SATURATED("saturated"),
    /** The runner, not the ensemble, was the bottleneck of the last step. */
    GENERATOR_BOUND("generator-bound"),
    /** This machine was too busy to measure the last step: other processes or the hypervisor took its cores. */
    HOST_BUSY("host-busy"),
    CANNOT_ADD_DOMAINS("cannot-add-domains"),
    ERRORS("errors"),
    /** The last step saw an ensemble event: a new leader, a server that stopped answering, sessions cut. */
    DISTURBED("disturbed"),
    /**
     * A server refused this runner's connections (its {@code maxClientCnxns}, connections per client
     * address): a setting of the servers stopped the plan, not their capacity.
     */
    SERVER_REFUSED_CONNECTIONS("server-refused-connections"),
    INTERRUPTED("interrupted");

    private final String json;

    StopReason(String json) {
        this.json = json;
    }

    @JsonValue
    public String json() {
        return json;
    }
}
