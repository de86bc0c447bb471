package dev.zkload.sim;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The shutdown hook of a started fleet: a JVM that exits without close() (the end of main,
 * System.exit, SIGTERM) closes the fleet on its way out, so that the tree goes with it. The hook
 * also waits for a close another thread began, which the JVM would otherwise cut short.
 */
final class ExitHook {
    private final Thread thread;

    /** @param released completed when the fleet's close is done; waited for at most {@code wait} */
    ExitHook(String name, Runnable close, CompletableFuture<Void> released, Duration wait) {
        this.thread = new Thread(
                () -> {
                    close.run();
                    try {
                        released.get(wait.toMillis(), TimeUnit.MILLISECONDS);
                    } catch (InterruptedException | ExecutionException | TimeoutException e) {
                        // the JVM exits anyway; what is left stays for the next fleet or clean to find
                    }
                },
                name);
        Runtime.getRuntime().addShutdownHook(thread);
    }

    /** Unless the hook is what is closing the fleet, or the JVM is exiting (then it runs, and waits). */
    void remove() {
        if (Thread.currentThread() != thread) {
            try {
                Runtime.getRuntime().removeShutdownHook(thread);
            } catch (IllegalStateException exiting) {
                // the JVM is exiting: the hook runs, and waits for the close under way
            }
        }
    }
}
