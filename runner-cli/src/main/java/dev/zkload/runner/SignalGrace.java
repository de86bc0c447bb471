package dev.zkload.runner;

import java.time.Duration;

/**
 * Tells a second Ctrl-C from the echo of the first. GNU {@code timeout}, and some supervisors, signal
 * the child and then its whole process group: the runner receives two SIGINTs microseconds apart for
 * one interrupt. A person's second Ctrl-C comes later than a second after the first; a signal within
 * {@link #SAME_INTERRUPT} of the first is therefore the same interrupt, and only a later one quits.
 */
final class SignalGrace {
    static final Duration SAME_INTERRUPT = Duration.ofSeconds(1);

    /** What a signal asks of the runner. */
    enum Reaction {
        /** the first: stop, write the results, clean up */
        STOP,
        /** within the grace after the first: the same interrupt, nothing more to do */
        SAME,
        /** a later one: quit at once */
        QUIT
    }

    private boolean received;
    private long firstNanos;

    /** @param nanos {@link System#nanoTime()} when the signal arrived */
    synchronized Reaction onSignal(long nanos) {
        if (!received) {
            received = true;
            firstNanos = nanos;
            return Reaction.STOP;
        }
        return nanos - firstNanos < SAME_INTERRUPT.toNanos() ? Reaction.SAME : Reaction.QUIT;
    }
}
