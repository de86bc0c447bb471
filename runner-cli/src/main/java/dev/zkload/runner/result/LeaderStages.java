package dev.zkload.runner.result;

import java.util.Map;

/**
 * Where a request's time went at the leader over a step's settled load: the mean of each stage of its
 * request pipeline, from the server's own summaries (ZooKeeper 3.6 and later): the {@code stages} of a line
 * of steps.jsonl.
 *
 * @param server the leader
 * @param stages each stage's requests and mean time, by {@link Stage#json()}; only the stages the server reports
 */
public record LeaderStages(String server, Map<String, StageTime> stages) {
    public LeaderStages {
        stages = stages == null
                ? Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(stages));
    }

    /** A stage's share of the step: how many passed it and their mean time there. */
    public record StageTime(long count, double meanMs) {}

    /** The stage's figures, or null when the server did not report it. */
    public StageTime of(Stage s) {
        return stages.get(s.json());
    }
}
