package dev.zkload.runner.engine.ramp;

import java.time.Duration;
import java.time.Instant;

/**
 * This process's slice of the domains when several runner processes ramp one ensemble together
 * ({@code --shard i/N}, e.g. a Kubernetes Indexed Job): domain number {@code d} of the whole run
 * belongs to shard {@code d mod N}. Every shard follows the same wall-clock schedule, so they need
 * no coordinator: step {@code k} begins at {@code startAt + k × stepInterval} everywhere.
 *
 * @param index 0 ≤ index &lt; count
 * @param count shards in the run, ≥ 1
 */
public record Shard(int index, int count) {
    public static final Shard ALONE = new Shard(0, 1);

    public Shard {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("a shard is i/N with 0 <= i < N, got " + index + "/" + count);
        }
    }

    /** How many of the run's first {@code total} domains are this shard's. */
    public int share(int total) {
        return total <= index ? 0 : (total - index + count - 1) / count;
    }

    /** The shard that runs the seven-op benchmark: one client measuring, not N competing for the leader. */
    public boolean benchmarks() {
        return index == 0;
    }

    public boolean alone() {
        return count == 1;
    }

    /** When step {@code step} begins on every shard. */
    static Instant stepStart(Instant startAt, Duration stepInterval, int step) {
        return startAt.plus(stepInterval.multipliedBy(step));
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }

    /**
     * Reads {@code i/N}.
     *
     * @throws IllegalArgumentException saying how to write a shard
     */
    public static Shard parse(String value) {
        String[] parts = value.trim().split("/", -1);
        if (parts.length == 2) {
            int index;
            int count;
            try {
                index = Integer.parseInt(parts[0].trim());
                count = Integer.parseInt(parts[1].trim());
            } catch (NumberFormatException e) {
                throw notAShard(value);
            }
            try {
                return new Shard(index, count);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'" + value + "': " + e.getMessage(), e);
            }
        }
        throw notAShard(value);
    }

    private static IllegalArgumentException notAShard(String value) {
        return new IllegalArgumentException(
                "'" + value + "' is not a shard; write i/N, e.g. 0/4 for the first of four");
    }
}
