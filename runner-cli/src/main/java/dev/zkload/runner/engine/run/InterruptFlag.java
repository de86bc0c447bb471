package dev.zkload.runner.engine.run;

/**
 * How a run treats Ctrl-C's interrupt where work must still finish: the flag is cleared while that work runs — a
 * file channel on an interrupted thread refuses to write, and a session's close would give up — and set again
 * after it, so that whoever drives the run still sees that it was interrupted.
 */
public final class InterruptFlag {
    private InterruptFlag() {}

    /** Work that must finish though the run was interrupted. */
    @FunctionalInterface
    public interface Work<T, E extends Exception> {
        T run() throws E;
    }

    /** Work without a value that must finish though the run was interrupted. */
    @FunctionalInterface
    public interface Action<E extends Exception> {
        void run() throws E;
    }

    /** Runs {@code work} with the flag cleared, then sets it again if it was set; returns what the work returns. */
    public static <T, E extends Exception> T aside(Work<T, E> work) throws E {
        boolean interrupted = Thread.interrupted();
        try {
            return work.run();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** {@link #aside(Work)} for work without a value. */
    public static <E extends Exception> void aside(Action<E> action) throws E {
        aside(() -> {
            action.run();
            return null;
        });
    }
}
