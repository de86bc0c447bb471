package dev.zkload.runner.engine.ramp;

import dev.zkload.bench.stats.Rounds;
import dev.zkload.bench.stats.StatsSample;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * How long the ensemble went without a serving leader, read from the sampler's rounds: a leader
 * election shows as a gap of a second or two, a lost quorum as a gap that does not end.
 *
 * <p>Only rounds that can tell count ({@link Rounds#leaderless}): a round is leaderless when no
 * server leads, none answers as a follower (a follower serves only while a leader does, so a connect
 * string that names followers alone still sees one), and every server either answered (as one that
 * does not serve), is down (its client port refuses) or hung (its client port gives no answer: a
 * stopped process, connections that time out). A server whose client port answers but whose
 * statistics are lost (an AdminServer cut off, a whitelist changed) might be the leader, so such a
 * round neither starts nor extends a gap: losing the metrics is not losing the quorum; a hung majority
 * is. Knowing the ensemble's voters, a round in which so many of them answered that they do not serve
 * (or refused) that the rest cannot make a quorum is leaderless too, whatever the others' silence hides ({@link Rounds#leaderless(List, int)}). Thread-safe:
 * the sampler offers rounds on its thread, the ramp reads on its own.
 */
final class LeaderGaps {
    private final int voters;
    private Instant lostSince;
    private Instant lastLeaderless;
    private Instant lastUnknown;
    private Duration longest = Duration.ZERO;

    /** @param voters the ensemble's voting members, 0 when unknown */
    LeaderGaps(int voters) {
        this.voters = voters;
    }

    synchronized void offer(List<StatsSample> round) {
        if (round.isEmpty()) {
            return;
        }
        Instant time = round.get(0).time();
        if (Rounds.leaderServes(round)) {
            if (lostSince != null) {
                longest = max(longest, Duration.between(lostSince, time));
                lostSince = null;
            }
        } else if (Rounds.leaderless(round, voters)) {
            if (lostSince == null) {
                lostSince = time;
            }
            lastLeaderless = time;
        } else {
            lastUnknown = time;
        }
    }

    /**
     * How long the ensemble has been without a leader now; zero while one serves. An open gap counts up
     * to now, unless rounds that could not tell came after its last leaderless one: then up to that one.
     */
    synchronized Duration current(Instant now) {
        return lostSince == null ? Duration.ZERO : Duration.between(lostSince, openEnd(now));
    }

    private Instant openEnd(Instant now) {
        return lastUnknown != null && lastUnknown.isAfter(lastLeaderless) ? lastLeaderless : now;
    }

    /** The longest gap since the last call (a gap still open counts as {@link #current} does), and starts over. */
    synchronized Duration longestAndReset(Instant now) {
        Duration result = max(longest, current(now));
        longest = Duration.ZERO;
        if (lostSince != null) {
            lostSince = openEnd(now); // the open gap goes on counting in the next step, from here
            lastLeaderless = lostSince;
        }
        return result;
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
