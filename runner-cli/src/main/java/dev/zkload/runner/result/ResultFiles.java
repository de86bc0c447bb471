package dev.zkload.runner.result;

/**
 * The names of a results folder's files and the version of their schema, defined once for the
 * writers, the readers and the tests.
 */
public final class ResultFiles {
    /**
     * Raised when a record of a result file changes shape; readers refuse files of a newer schema.
     * 3: summary.json has {@code thresholds}; latency and simulate write a summary.json with
     * {@code schemaVersion}; a simulate summary has the sessions' events ({@code fleet}).
     */
    public static final int SCHEMA_VERSION = 3;

    public static final String RUN = "run.json";
    public static final String STEPS = "steps.jsonl";
    public static final String METRICS = "server-metrics.csv";
    public static final String SUMMARY = "summary.json";
    /** An experiment's levels, one JSON record per line, as {@code steps.jsonl} is the ramp's. */
    public static final String LEVELS = "levels.jsonl";

    public static final String LATENCY = "latency.json";
    /** The folder of HdrHistogram interval logs. */
    public static final String HISTOGRAMS = "latency";
    /** The prefix of a latency run's histogram logs ({@code latency-1-<target>.hlog}). */
    public static final String LATENCY_LOGS = "latency";

    /** The prefix of step {@code step}'s histogram logs ({@code step-03-1-<target>.hlog}). */
    public static String stepLogs(int step) {
        return String.format(java.util.Locale.ROOT, "step-%02d", step);
    }

    private ResultFiles() {}
}
