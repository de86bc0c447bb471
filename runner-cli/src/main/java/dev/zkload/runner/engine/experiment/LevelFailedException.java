package dev.zkload.runner.engine.experiment;

import java.io.IOException;

/**
 * A level that could not be what it was meant to be (a fault command that failed, so no fault happened):
 * the sweep ends there with {@code errors}, this sentence its stop detail, rather than recording
 * figures that would describe something else.
 */
public final class LevelFailedException extends IOException {
    private static final long serialVersionUID = 1L;

    /** @param sentence what failed and what that means for the level, one sentence */
    public LevelFailedException(String sentence) {
        super(sentence);
    }
}
