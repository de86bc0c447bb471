package dev.zkload.runner.result;

import com.fasterxml.jackson.annotation.JsonValue;

/** What a finished step says about the ensemble: the {@code verdict} of a line of steps.jsonl. */
public enum StepVerdict {
    /** Step 0: the empty ensemble, measured for reference. */
    BASELINE("baseline"),
    /** Observed below saturation, the runner not its bottleneck, no errors: the ensemble carried it. */
    STABLE("stable"),
    /** The leader's queue stayed at or above the threshold through the settled load, or averaged at or above it. */
    SATURATED("saturated"),
    /** The runner was the bottleneck: the step says nothing about the ensemble's limit. */
    GENERATOR_BOUND("generator-bound"),
    /**
     * This machine was too busy to measure: at its limit while other processes (or the hypervisor) took a material
     * share of it, and what the step saw a starved machine explains (late fires, work short, cut sessions).
     */
    HOST_BUSY("host-busy"),
    /** The servers' statistics were not read (or not answered), so saturation could not be seen. */
    UNOBSERVABLE("unobservable"),
    /** A lost quorum, an expiry storm or failing benchmark calls. */
    ERRORS("errors"),
    /**
     * The ensemble had an event during the step (a new leader, a server that stopped answering, sessions
     * cut): what the step measured is the fault, not the load's cost, so it is neither stable nor saturated.
     */
    DISTURBED("disturbed"),
    /** A server refused the step's connections (its {@code maxClientCnxns}): its setting, not its capacity, was met. */
    SERVER_LIMIT("server-limit"),
    /** Ctrl-C ended the step before it was measured in full. */
    INTERRUPTED("interrupted");

    private final String json;

    StepVerdict(String json) {
        this.json = json;
    }

    @JsonValue
    public String json() {
        return json;
    }
}
