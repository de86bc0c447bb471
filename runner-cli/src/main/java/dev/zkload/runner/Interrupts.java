package dev.zkload.runner;

import java.lang.reflect.Proxy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns SIGINT and SIGTERM into an interrupt of the working thread, so that a command can finish
 * the current sample, write its results, clean up under its root and stop embedded servers before
 * the JVM exits. A second signal gives up waiting and exits at once with 130 (one that comes within a
 * second of the first is the same interrupt: {@link SignalGrace}); forked servers still
 * end because they watch their stdin pipe, and what the run created on an ensemble given with
 * {@code --connect} stays: the quit prints the {@code clean} command that removes it ({@link LeftOnQuit}).
 */
final class Interrupts {
    private static final Logger LOG = LoggerFactory.getLogger(Interrupts.class);
    private static final SignalGrace GRACE = new SignalGrace();

    private Interrupts() {}

    static void install(Thread worker) {
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                handle(name, () -> onSignal(worker, name));
            } catch (ReflectiveOperationException | RuntimeException e) {
                // Some platforms reserve a signal; the default JVM behaviour (shutdown hooks) then applies.
                LOG.debug("cannot handle SIG{}: {}", name, e.toString());
            }
        }
    }

    /**
     * {@code sun.misc.Signal.handle(new Signal(name), handler)}. The JDK has no public signal API;
     * {@code sun.misc.Signal} is the supported one (module jdk.unsupported), but javac warns on every
     * direct use and the build treats warnings as errors, so it is called reflectively.
     */
    private static void handle(String name, Runnable action) throws ReflectiveOperationException {
        Class<?> signal = Class.forName("sun.misc.Signal");
        Class<?> handler = Class.forName("sun.misc.SignalHandler");
        Object proxy = Proxy.newProxyInstance(handler.getClassLoader(), new Class<?>[] {handler}, (p, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return method.invoke(action, args);
            }
            action.run();
            return null;
        });
        signal.getMethod("handle", signal, handler)
                .invoke(null, signal.getConstructor(String.class).newInstance(name), proxy);
    }

    private static void onSignal(Thread worker, String name) {
        SignalGrace.Reaction reaction = GRACE.onSignal(System.nanoTime());
        if (reaction == SignalGrace.Reaction.STOP) {
            System.err.println();
            System.err.println("zkload: SIG" + name + " received: stopping, writing results and cleaning up"
                    + " (press Ctrl-C again to quit at once)");
            worker.interrupt();
        } else if (reaction == SignalGrace.Reaction.SAME) {
            LOG.debug("SIG{} within {} of the first: the same interrupt", name, SignalGrace.SAME_INTERRUPT);
        } else {
            System.err.println("zkload: quitting without cleanup"
                    + LeftOnQuit.cleanCommand()
                            .map(c -> "; what this run created stays on the ensemble. Remove it with:"
                                    + System.lineSeparator() + "  " + c)
                            .orElse(""));
            Runtime.getRuntime().halt(ExitCodes.INTERRUPTED);
        }
    }
}
