package dev.zkload.runner.engine.experiment;

import dev.zkload.bench.stats.ServerState;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The most requests held outstanding, by the role of the server that held them: the leader (or a standalone
 * server), the followers, the observers. An observer votes on nothing and its queue is its own, so it is never
 * counted as a follower's. Thread-safe.
 */
final class QueueMaxima {
    private final AtomicLong leaderMax = new AtomicLong(-1);
    private final AtomicLong followerMax = new AtomicLong(-1);
    private final AtomicLong observerMax = new AtomicLong(-1);

    /** One server's queue as a round read it; a server whose role is unknown counts as a follower. */
    void offer(ServerState state, long outstanding) {
        AtomicLong max = state.leads() ? leaderMax : state == ServerState.OBSERVER ? observerMax : followerMax;
        max.accumulateAndGet(outstanding, Math::max);
    }

    /** Adds the maxima to {@code measured}, by name; a role never read is left out. */
    void describe(Map<String, Double> measured) {
        put(measured, "leaderOutstandingMax", leaderMax);
        put(measured, "followerOutstandingMax", followerMax);
        put(measured, "observerOutstandingMax", observerMax);
    }

    private static void put(Map<String, Double> measured, String name, AtomicLong max) {
        if (max.get() >= 0) {
            measured.put(name, (double) max.get());
        }
    }
}
