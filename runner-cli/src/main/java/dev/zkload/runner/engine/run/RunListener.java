package dev.zkload.runner.engine.run;

import dev.zkload.runner.result.StepResult;
import java.util.Locale;

/**
 * What a run tells whoever drives it while it runs. The command line draws it on the console; a Java caller may
 * log it, collect it, or take {@link #SILENT}. Nothing of the run's results goes only here: what it measured is in
 * its results folder and in what its {@code run} returns.
 */
public interface RunListener {
    /** A listener that is told nothing. */
    RunListener SILENT = new RunListener() {
        @Override
        public void line(String text) {}

        @Override
        public void status(String text) {}
    };

    /** A line that stays: a phase begun or ended, a warning ({@code warning: …}). */
    void line(String text);

    /** The live status, replaced by the next: where the run is now. */
    void status(String text);

    /** {@link #line(String)}, formatted with {@link Locale#ROOT}. */
    default void line(String format, Object... args) {
        line(String.format(Locale.ROOT, format, args));
    }

    /** {@link #status(String)}, formatted with {@link Locale#ROOT}. */
    default void status(String format, Object... args) {
        status(String.format(Locale.ROOT, format, args));
    }

    /** A ramp's step recorded in {@code steps.jsonl}, with the line that says it. */
    default void stepRecorded(StepResult step, String text) {
        line(text);
    }

    /**
     * From now on, a process that quits without its cleanup leaves the run's tree on the ensemble, which
     * {@code cleanCommand} removes; until {@link #treeRemoved(String)}. Told only where the ensemble outlives the
     * run (not an embedded one).
     */
    default void treeLeftIfQuit(String cleanCommand) {}

    /** The run removed the tree {@code cleanCommand} named (or kept it as asked, saying so). */
    default void treeRemoved(String cleanCommand) {}
}
