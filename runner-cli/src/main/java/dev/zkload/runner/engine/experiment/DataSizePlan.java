package dev.zkload.runner.engine.experiment;

import dev.zkload.runner.engine.health.HealthLimits;
import java.util.List;

/**
 * What {@code data-size} measures: the seven-op benchmark with znodes of each size.
 *
 * @param levels  bytes of data per znode at each level, 0 to {@value #MAX_SIZE}
 * @param maxData the most data one level may hold on the servers at once: a level of large znodes
 *                runs over fewer znodes than {@code bench.znodes()} so that its phase's znodes fit
 * @param bench   the benchmark at each level (its size is the level's)
 * @param limits  when the runner, not the ensemble, is the bottleneck
 */
public record DataSizePlan(List<Level> levels, long maxData, BenchSettings bench, HealthLimits limits) {
    /** The largest znode the benchmark writes: below ZooKeeper's default jute.maxbuffer of 1 MiB less one byte. */
    public static final int MAX_SIZE = 1_000_000;

    public DataSizePlan {
        levels = List.copyOf(levels);
        for (Level level : levels) {
            if (level.value() > MAX_SIZE) {
                throw new IllegalArgumentException(level.label() + " is above " + MAX_SIZE
                        + " bytes, the most a znode may hold with ZooKeeper's default jute.maxbuffer");
            }
        }
        if (maxData < 1) {
            throw new IllegalArgumentException("the most data per level must be positive, got " + maxData);
        }
    }

    /** Znodes per operation at a level: the benchmark's count, or fewer where they would not fit {@code maxData}. */
    int znodesAt(Level level) {
        long fit = level.value() == 0 ? Long.MAX_VALUE : Math.max(1, maxData / level.value());
        return (int) Math.min(bench.znodes(), fit);
    }
}
