package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.result.StepVerdict;
import java.math.BigDecimal;
import java.time.Duration;

/**
 * A grid step whose add ran out of {@code --add-timeout} with some of its domains registered. The step is
 * judged at the domains it holds: a leader already saturated while they register slows the add, and their
 * settled load is a load like any other. The run says so first in its summary.
 *
 * @param why  how many of how many registered in how long, for the notes and the stop message
 * @param held the domains the step holds, and is judged at
 */
record ShortAdd(String why, int held) {
    /**
     * @param held    the domains registered in time
     * @param planned this process's share of the step's domains
     * @param took    how long the add ran
     */
    static ShortAdd of(int held, int planned, Duration took, Duration addTimeout) {
        return new ShortAdd(
                "only " + held + " of " + planned + " domains were registered after " + Math.round(took.toNanos() / 1e9)
                        + " s (--add-timeout " + addTimeout.toSeconds() + " s)",
                held);
    }

    /** Why the ramp ends at once, the step not judged (nothing registered, a bisection's count, a shard's). */
    String unjudgedMessage(int planned, Double addRate) {
        return why + ": " + tooSlow(planned, addRate);
    }

    /** The summary's note for step {@code k}, once it was judged. */
    String judgedNote(int k) {
        return "At step " + k + ", " + why + ": the step was judged at the " + held + " that registered.";
    }

    /** The summary's note for step {@code k}, which Ctrl-C ended before it was judged. */
    String interruptedNote(int k) {
        return "At step " + k + ", " + why + ": the step was interrupted before it was judged.";
    }

    /**
     * Why the ramp ends after a step that the ensemble did not saturate (stable, or not observable): it could
     * not take the rest of the step's domains in time.
     */
    String stopMessage(StepVerdict judged, int planned, Double addRate) {
        String registered = judged == StepVerdict.STABLE
                ? "it carried the " + held + " it registered"
                : "the " + held + " it registered were judged " + judged.json();
        return why + ": " + tooSlow(planned, addRate) + "; " + registered;
    }

    /** Why a step's domains did not all register in time: the ensemble's pace, or the user's --add-rate too. */
    static String tooSlow(int planned, Double addRate) {
        return addRate == null
                ? "the ensemble registers domains too slowly to take " + planned
                : "at --add-rate "
                        + new BigDecimal(addRate.toString())
                                .stripTrailingZeros()
                                .toPlainString() + " a second and the ensemble's pace, " + planned
                        + " domains do not register in that time";
    }
}
