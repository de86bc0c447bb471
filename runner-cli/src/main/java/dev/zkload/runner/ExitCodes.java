package dev.zkload.runner;

/** The exit codes of {@code runner.jar}, as architecture.md fixes them. */
public final class ExitCodes {
    /** Done. */
    public static final int OK = 0;
    /** A runtime failure: unreachable ensemble, server failed to start, disk full, … */
    public static final int RUNTIME_FAILURE = 1;
    /** Bad usage: an unknown or invalid option. */
    public static final int USAGE = 2;
    /** A pass/fail threshold failed. */
    public static final int THRESHOLD_FAILED = 3;
    /** Interrupted by Ctrl-C or SIGTERM (128 + SIGINT). */
    public static final int INTERRUPTED = 130;

    private ExitCodes() {}
}
