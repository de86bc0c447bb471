package dev.zkload.runner.threshold;

import java.util.List;

/**
 * A finished run's answer to a threshold: the metric at every level the threshold covers (the level
 * {@code @} picked, or all of them), each measured or not observed with the reason. Each command
 * that offers {@code --threshold} has one, reading its own results.
 */
@FunctionalInterface
public interface Measurements {
    /** One entry per level the threshold covers, in run order; empty when the run has no such level. */
    List<Measurement> of(Threshold threshold);
}
