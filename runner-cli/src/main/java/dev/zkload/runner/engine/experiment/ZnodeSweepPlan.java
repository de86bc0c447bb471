package dev.zkload.runner.engine.experiment;

import dev.zkload.runner.engine.health.HealthLimits;
import java.util.List;

/**
 * What {@code znodes} measures: the seven-op benchmark at each znode count the ensemble is filled to.
 *
 * @param levels   znodes added by the fill at each level, rising
 * @param fillSize bytes of data of every filled znode
 * @param bench    the benchmark at each level
 * @param limits   when the runner, not the ensemble, is the bottleneck
 */
public record ZnodeSweepPlan(List<Level> levels, int fillSize, BenchSettings bench, HealthLimits limits) {

    public ZnodeSweepPlan {
        levels = List.copyOf(levels);
        for (int i = 1; i < levels.size(); i++) {
            if (levels.get(i).value() <= levels.get(i - 1).value()) {
                throw new IllegalArgumentException("the znode counts must rise from level to level: "
                        + levels.get(i - 1).label() + " is followed by "
                        + levels.get(i).label());
            }
        }
    }
}
