package dev.zkload.sim;

import java.time.Duration;

/**
 * The run time of a job that gives none: {@code defaults.runTime} as a model file writes it, or, where
 * the file writes none, 2 s — cut to half the job's closest fires, for a default must not make a cron
 * the user wrote fail on a value the user never wrote.
 *
 * @param written whether the file wrote {@code defaults.runTime}
 */
record RunTimeDefault(Duration value, boolean written) {
    static final RunTimeDefault UNWRITTEN = new RunTimeDefault(Duration.ofSeconds(2), false);

    /** The run time of a job whose closest fires are {@code gapMs} apart ({@link Long#MAX_VALUE}: it has none). */
    Duration fitting(long gapMs) {
        return written || value.toMillis() < gapMs ? value : Duration.ofMillis(Math.max(1, gapMs / 2));
    }
}
