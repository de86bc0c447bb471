package dev.zkload.runner.ramp;

import dev.zkload.bench.stats.StatsSample;
import dev.zkload.bench.stats.StatsSampler;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * How long the ensemble went without a serving leader, read from the sampler's rounds: a leader
 * election shows as a gap of a second or two, a lost quorum as a gap that does not end. Thread-safe:
 * the sampler offers rounds on its thread, the ramp reads on its own.
 */
final class LeaderGaps {
    private Instant lostSince;
    private Duration longest = Duration.ZERO;

    synchronized void offer(List<StatsSample> round) {
        if (round.isEmpty()) {
            return;
        }
        Instant time = round.get(0).time();
        if (StatsSampler.leaderOf(round).isPresent()) {
            if (lostSince != null) {
                longest = max(longest, Duration.between(lostSince, time));
                lostSince = null;
            }
        } else if (lostSince == null) {
            lostSince = time;
        }
    }

    /** How long the ensemble has been without a leader now; zero while one serves. */
    synchronized Duration current(Instant now) {
        return lostSince == null ? Duration.ZERO : Duration.between(lostSince, now);
    }

    /** The longest gap since the last call (a gap still open counts up to now), and starts over. */
    synchronized Duration longestAndReset(Instant now) {
        Duration result = max(longest, current(now));
        longest = Duration.ZERO;
        if (lostSince != null) {
            lostSince = now; // the open gap goes on counting in the next step, from here
        }
        return result;
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
