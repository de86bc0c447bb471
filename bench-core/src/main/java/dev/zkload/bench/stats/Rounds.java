package dev.zkload.bench.stats;

import java.util.List;
import java.util.Optional;

/** What one round of a {@link StatsSampler}'s samples (one per server) shows of the ensemble's leader. */
public final class Rounds {
    private Rounds() {}

    /** The sample of the leading server in one round. */
    public static Optional<StatsSample> leaderOf(List<StatsSample> round) {
        return round.stream()
                .filter(s -> s.reachable() && s.stats().state().leads())
                .findFirst();
    }

    /**
     * True when the round shows that no leader serves: no server leads or serves under a leader
     * ({@link #leaderServes}), and every server tells ({@link StatsSample#tellsService()}) — each answered
     * as one not serving, is down, or has a client port that gives no answer —, one of them at least by its
     * own word (an answer, or a refused port). A round with a server whose
     * statistics alone are lost cannot tell: that server might be the leader. Knowing how many voting
     * members the ensemble has, a round also shows no leader when so many servers answered that they do not serve, or refused their client port, that the
     * others cannot make a quorum (of three voters, two looking for a leader leave none, whatever the
     * third's silence hides: a killed leader's port often hangs for seconds before it refuses). A hung
     * client port does not count here: it is a stall's mark, kept from the server's last finished read,
     * and a busy leader's reads time out too. The round must name voters only (no observer).
     *
     * @param voters the ensemble's voting members; 0 when unknown (then every server must tell)
     */
    public static boolean leaderless(List<StatsSample> round, int voters) {
        if (round.isEmpty() || leaderServes(round)) {
            return false;
        }
        // a round in which no server answered or refused tells nothing: every port silent at once is a hung
        // ensemble, or as much a runner, or a machine, too starved to hear it in time
        if (round.stream().allMatch(StatsSample::tellsService)
                && round.stream().anyMatch(s -> s.reachable() || s.serverDown())) {
            return true;
        }
        long notServing =
                round.stream().filter(s -> s.reachable() || s.serverDown()).count();
        return voters > 0 && notServing > voters - (voters / 2 + 1);
    }

    /**
     * True when the round shows that a leader serves, even one the sampler does not ask: a server leads,
     * or a follower or observer answers. Those serve only while they follow a leader (without one they
     * look for one, and answer that they are not serving), so a connect string that names followers
     * alone is not an ensemble without a leader.
     */
    public static boolean leaderServes(List<StatsSample> round) {
        return round.stream()
                .anyMatch(s -> s.reachable()
                        && (s.stats().state().leads()
                                || s.stats().state() == ServerState.FOLLOWER
                                || s.stats().state() == ServerState.OBSERVER));
    }
}
