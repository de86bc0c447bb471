package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.result.StepResult;

/**
 * A step that saw the ensemble fail and in which the runner strained too: the fault decides. An
 * election or a server gone silent hands the runner its heaviest work at once — every cut session
 * reconnects and sets its watches again, the fires the election held back run late together — so a GC
 * pause or late fires in such a step are the fault's consequence, not the runner's limit: the step is
 * {@code disturbed}, its sentence naming the fault first and the runner's strain after it.
 *
 * <p>Only what the runner cannot cause itself counts ({@link Disturbances#fault}): the servers' own word (an
 * election, a server that said it did not serve), or sessions cut while one server alone was silent and the others
 * answered. A runner's own pause silences every server at once, and cut sessions alone are what a starved runner
 * looks like too (it misses its own heartbeats): with only those, the runner's limit stands.
 */
final class FaultBeforeRunner {
    private FaultBeforeRunner() {}

    /** The runner's strain, after the fault in the disturbed step's sentence. */
    static String strain(StepResult r) {
        return "; the runner strained as the fault made it ("
                + String.join("; ", r.generator().reasons()) + ")";
    }
}
