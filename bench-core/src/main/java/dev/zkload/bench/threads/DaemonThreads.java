package dev.zkload.bench.threads;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The threads zkload starts besides its main one: named (so a thread dump says whose they are),
 * daemons (so none keeps a finished run alive), and with uncaught exceptions logged rather than
 * printed to a console the progress line owns.
 */
public final class DaemonThreads {
    private static final Logger LOG = LoggerFactory.getLogger(DaemonThreads.class);

    private DaemonThreads() {}

    /** Threads named {@code name-1}, {@code name-2}, …; for a pool. */
    public static ThreadFactory factory(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> named(r, name + "-" + n.incrementAndGet());
    }

    /** One thread named {@code name}, started. */
    public static Thread start(String name, Runnable r) {
        Thread t = named(r, name);
        t.start();
        return t;
    }

    private static Thread named(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.setUncaughtExceptionHandler((th, e) -> LOG.error("uncaught in {}", th.getName(), e));
        return t;
    }
}
