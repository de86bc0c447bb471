package dev.zkload.runner;

import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * Turns SIGINT and SIGTERM into an interrupt of the working thread, so that a command can finish
 * the current sample, write its results, clean up under its root and stop embedded servers before
 * the JVM exits. A second signal gives up waiting and exits at once with 130; forked servers still
 * end because they watch their stdin pipe.
 */
final class Interrupts {
    private static final Logger LOG = LoggerFactory.getLogger(Interrupts.class);
    private static final AtomicInteger SIGNALS = new AtomicInteger();

    private Interrupts() {
    }

    static void install(Thread worker) {
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal.handle(new Signal(name), signal -> onSignal(worker, signal.getName()));
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // Some platforms reserve a signal; the default JVM behaviour (shutdown hooks) then applies.
                LOG.debug("cannot handle SIG{}: {}", name, e.toString());
            }
        }
    }

    private static void onSignal(Thread worker, String name) {
        if (SIGNALS.incrementAndGet() == 1) {
            System.err.println();
            System.err.println("zkload: SIG" + name + " received: stopping, writing results and cleaning up"
                    + " (press Ctrl-C again to quit at once)");
            worker.interrupt();
        } else {
            System.err.println("zkload: quitting without cleanup");
            Runtime.getRuntime().halt(ExitCodes.INTERRUPTED);
        }
    }
}
