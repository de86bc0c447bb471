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

    /**
     * The stages a write (or a read) passes one after another at this server: through the commit processor on a
     * quorum's leader; on a standalone server, which has none, through the sync processor (a write's queue, batch
     * and flush; a read's turn in its queue).
     */
    public java.util.List<Stage> path(boolean writes) {
        boolean commitProcessor = counted(Stage.WRITE_COMMIT) || counted(Stage.READ_COMMIT);
        Stage middle = writes
                ? (commitProcessor ? Stage.WRITE_COMMIT : Stage.SYNC)
                : (commitProcessor ? Stage.READ_COMMIT : Stage.SYNC_QUEUE);
        return java.util.List.of(Stage.PREP_QUEUE, Stage.PREP, middle, writes ? Stage.WRITE_FINAL : Stage.READ_FINAL);
    }

    /** The sum of the means along {@link #path}: a request's time at the server, as its stages count it. */
    public double pathMs(boolean writes) {
        return path(writes).stream()
                .map(this::of)
                .filter(java.util.Objects::nonNull)
                .mapToDouble(StageTime::meanMs)
                .sum();
    }

    private boolean counted(Stage s) {
        return of(s) != null && of(s).count() > 0;
    }
}
