package dev.zkload.runner.engine.health;

import java.time.Duration;

/**
 * When the load generator, not the ensemble, is the bottleneck of a step: its process used at least
 * {@code maxCpuPercent} of the CPU it may use, or its job fires (or its server sampler) ran more than
 * {@code maxLag} late at the 99th percentile, or one GC pause stopped it for more than {@code maxGcPause}.
 *
 * @param maxCpuPercent percent of the runner's CPU share (its cores, or its cgroup quota), 1–100
 * @param maxLag        p99 lateness of the simulated job fires and of the 1 Hz server sampler
 * @param maxGcPause    the longest single GC pause
 */
public record HealthLimits(double maxCpuPercent, Duration maxLag, Duration maxGcPause) {
    public static final HealthLimits DEFAULT = new HealthLimits(85, Duration.ofSeconds(1), Duration.ofSeconds(1));

    public HealthLimits {
        if (!(maxCpuPercent > 0 && maxCpuPercent <= 100)) {
            throw new IllegalArgumentException("maxCpuPercent must be above 0 and at most 100, got " + maxCpuPercent);
        }
        if (maxLag.isNegative() || maxLag.isZero() || maxGcPause.isNegative() || maxGcPause.isZero()) {
            throw new IllegalArgumentException("maxLag and maxGcPause must be positive");
        }
    }
}
