package dev.zkload.runner.result;

import java.util.Map;

/**
 * How completely the servers answered the 1 Hz sampler during a step's settled load: a server that
 * stops giving its statistics mid-run marks the step instead of leaving silent gaps.
 *
 * @param rounds          sample rounds taken
 * @param leaderRounds    rounds in which the leader's statistics were read
 * @param unanswered      per server (host:port), rounds in which it gave no statistics; only servers that missed
 */
public record MetricsCoverage(int rounds, int leaderRounds, Map<String, Integer> unanswered) {
    /** Below this share of rounds with the leader's statistics, a step's saturation is not judged. */
    public static final double OBSERVED_SHARE = 0.9;

    public MetricsCoverage {
        unanswered = unanswered == null
                ? Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(unanswered));
    }

    /** Enough of the leader's samples to judge saturation. */
    public boolean leaderObserved() {
        return rounds > 0 && leaderRounds >= OBSERVED_SHARE * rounds;
    }
}
