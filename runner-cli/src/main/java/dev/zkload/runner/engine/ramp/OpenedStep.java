package dev.zkload.runner.engine.ramp;

import dev.zkload.sim.FleetSnapshot;
import java.time.Instant;

/**
 * A step as it began: its number, when, the watch over its rounds, and the fleet then (none before the
 * baseline, which adds no domain).
 */
record OpenedStep(int step, Instant start, StepWatch watch, FleetSnapshot before) {
    static OpenedStep baseline(Instant start, StepWatch watch) {
        return new OpenedStep(0, start, watch, null);
    }
}
