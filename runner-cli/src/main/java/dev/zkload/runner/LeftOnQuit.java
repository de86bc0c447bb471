package dev.zkload.runner;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What a quit without cleanup (the second Ctrl-C) would leave on an ensemble that outlives the
 * runner, so that the quit can print the command that removes it. A run remembers its
 * {@code clean} command from the moment its root exists until the root is removed again.
 */
public final class LeftOnQuit {
    private static final AtomicReference<String> CLEAN = new AtomicReference<>();

    private LeftOnQuit() {}

    /** From now on, a quit leaves what {@code cleanCommand} removes. */
    public static void remember(String cleanCommand) {
        CLEAN.set(cleanCommand);
    }

    /** The run removed its root: a quit leaves nothing (unless another run remembered since). */
    public static void forget(String cleanCommand) {
        CLEAN.compareAndSet(cleanCommand, null);
    }

    /** The command that removes what a quit now would leave, if anything. */
    public static Optional<String> cleanCommand() {
        return Optional.ofNullable(CLEAN.get());
    }
}
