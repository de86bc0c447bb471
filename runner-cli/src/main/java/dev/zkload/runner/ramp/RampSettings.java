package dev.zkload.runner.ramp;

/** The ramp's options with what the command derived from them: the run's root and the benchmark sizes. */
record RampSettings(RampOptions options, String root, int znodeCount, int znodeSize) {
}
