package dev.zkload.runner.result;

/**
 * The names of a results folder's files and the version of their schema, defined once for the
 * writers, the readers and the tests.
 */
public final class ResultFiles {
    /** Raised when a record of a result file changes shape; readers refuse files of a newer schema. */
    public static final int SCHEMA_VERSION = 2;

    public static final String RUN = "run.json";
    public static final String STEPS = "steps.jsonl";
    public static final String METRICS = "server-metrics.csv";
    public static final String SUMMARY = "summary.json";
    /** An experiment's levels, one JSON record per line, as {@code steps.jsonl} is the ramp's. */
    public static final String LEVELS = "levels.jsonl";

    public static final String LATENCY = "latency.json";
    /** The folder of HdrHistogram interval logs. */
    public static final String HISTOGRAMS = "latency";

    private ResultFiles() {}
}
