package dev.zkload.sim;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The one way this module makes threads: named, daemon (a fleet never keeps a JVM alive), uncaught exceptions logged. */
final class Threads {
    private static final Logger LOG = LoggerFactory.getLogger(Threads.class);

    private Threads() {}

    /** Threads named {@code <prefix>-1}, {@code <prefix>-2}, … */
    static ThreadFactory named(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            t.setUncaughtExceptionHandler((th, e) -> LOG.error("uncaught in {}", th.getName(), e));
            return t;
        };
    }
}
