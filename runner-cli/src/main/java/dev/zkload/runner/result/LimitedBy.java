package dev.zkload.runner.result;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;

/**
 * The resource that ran out at the step the verdict names, with the figures that decided it: the
 * {@code limitedBy} of summary.json. The rules are in docs/verdict.md ("Why it saturated").
 *
 * @param resource    what ran out
 * @param server      the server it belongs to (host:port); null for this machine, the runner, or none
 * @param domains     the step it was found at
 * @param evidence    the figures that decided it, in one sentence
 * @param alsoAtLimit other resources found at their limits at the same step, in words
 * @param unobserved  resources that could not be observed there: never ruled out, only unknown
 */
public record LimitedBy(
        Resource resource,
        String server,
        int domains,
        String evidence,
        List<String> alsoAtLimit,
        List<String> unobserved) {

    public LimitedBy {
        alsoAtLimit = alsoAtLimit == null ? List.of() : List.copyOf(alsoAtLimit);
        unobserved = unobserved == null ? List.of() : List.copyOf(unobserved);
    }

    /** What can run out, from the most specific finding to none. */
    public enum Resource {
        /** A server held requests back or shed them, or the domains' work fell short with no queue to show for it. */
        THROTTLE("throttle"),
        /** The leader's transaction log: fsyncs back to back. */
        TRANSACTION_LOG("transaction-log"),
        /** The leader's process, or one thread of its pipeline, at the CPU it may use. */
        LEADER_CPU("leader-cpu"),
        /** The machine the servers and the runner share: every core busy, or taken by others. */
        THIS_MACHINE("this-machine"),
        /** The leader's JVM paused for its garbage collection. */
        LEADER_GC("leader-gc"),
        /** The followers' acknowledgements: the network, or the followers' own disks or CPU. */
        QUORUM("quorum"),
        /** The load generator, not the ensemble. */
        RUNNER("runner"),
        /** Nothing observed was at its limit. */
        NONE("none"),
        /** Neither the machine's nor the servers' resources were read at that step. */
        UNOBSERVED("unobserved");

        private final String json;

        Resource(String json) {
            this.json = json;
        }

        @JsonValue
        public String json() {
            return json;
        }
    }
}
