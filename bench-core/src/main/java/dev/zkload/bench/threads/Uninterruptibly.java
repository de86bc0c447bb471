package dev.zkload.bench.threads;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Runs ZooKeeper work that an interrupt must not cut in half, such as creating a root or removing
 * it. A synchronous client call that is interrupted throws at once while its request may still
 * reach the server: a create cut that way leaves a znode nobody knows to remove, a removal cut that
 * way leaves the rest of the tree. So the work runs on a thread of its own, the caller waits for it
 * however often it is interrupted, and the caller's interrupt is kept for the next interruptible
 * call after it.
 */
public final class Uninterruptibly {
    /** Work made of blocking client calls, which may throw {@code E}. */
    @FunctionalInterface
    public interface Work<T, E extends Exception> {
        T run() throws E, InterruptedException;
    }

    private Uninterruptibly() {}

    /**
     * Runs {@code work} to its end, however often the caller is interrupted meanwhile.
     *
     * @param name the work's thread, for a thread dump
     * @return what the work returned
     * @throws E what the work threw
     */
    public static <T, E extends Exception> T run(String name, Work<T, E> work) throws E, InterruptedException {
        FutureTask<T> task = new FutureTask<>(work::run);
        DaemonThreads.start(name, task);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof InterruptedException i) {
                throw i;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            // the work throws only E, runtime exceptions and InterruptedException
            @SuppressWarnings("unchecked")
            E thrown = (E) cause;
            throw thrown;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
