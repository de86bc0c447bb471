package dev.zkload.runner.engine.resources;

import dev.zkload.runner.result.LimitedBy;

/** The verdict's sentence on why the ensemble saturated: the resource that ran out, its evidence, and what was not observed. */
public final class Explanation {
    private Explanation() {}

    /**
     * The sentence for {@code l}.
     *
     * @param embedded the servers are zkload's own, forked on this machine
     */
    public static String sentence(LimitedBy l, boolean embedded) {
        String on = l.server() == null ? "" : " (" + l.server() + ")";
        String head =
                switch (l.resource()) {
                    case THROTTLE -> "Limited by a throttle" + on;
                    case TRANSACTION_LOG -> "Limited by the leader's transaction log" + on;
                    case LEADER_CPU -> "Limited by the leader's CPU" + on;
                    case THIS_MACHINE ->
                        embedded
                                ? "Limited by this machine, not by ZooKeeper (the answer is this machine's; servers on"
                                        + " machines of their own would carry more)"
                                : "Limited by this machine";
                    case LEADER_GC -> "Limited by the leader's garbage collection" + on;
                    case QUORUM -> "Limited by the quorum";
                    case RUNNER -> "Limited by the runner";
                    case NONE -> "No single limit found";
                    case UNOBSERVED -> "Why it saturated was not observed";
                };
        StringBuilder b =
                new StringBuilder(head).append(": ").append(l.evidence()).append('.');
        if (!l.alsoAtLimit().isEmpty()) {
            b.append(" Also at its limit: ")
                    .append(String.join(", ", l.alsoAtLimit()))
                    .append('.');
        }
        if (!l.unobserved().isEmpty()) {
            b.append(" Not observed (so not ruled out): ")
                    .append(String.join("; ", l.unobserved()))
                    .append('.');
        }
        return b.toString();
    }
}
