package dev.zkload.bench.machine;

/**
 * How long a HotSpot JVM's stop-the-world collector worked over a window, from its threads' CPU: what a GC log's
 * {@code User} and {@code Sys} times give of its pauses, against their {@code Real}. A pause far longer than its
 * work waited for a core — a JVM descheduled in the middle of a collection, as on a machine other processes keep
 * busy — which its wall time alone cannot tell from a collection that worked that long.
 *
 * <p>The parallel workers ({@code GC Thread#N}: G1's and the Parallel collector's pause work) run side by side, so
 * their CPU counts once over the workers that ran; the {@code VM Thread} (the Serial collector's work, and every
 * pause's serial bookkeeping) counts whole. G1's concurrent threads ({@code G1 Conc#N}, {@code G1 Refine#N}) work
 * beside the application and are none of it.
 */
public final class CollectorWork {
    private long vmTicks;
    private long workerTicks;
    private int workers;

    /** Adds a thread's CPU over the window, clock ticks; threads that are no collector's are ignored. */
    public void add(String threadName, long ticks) {
        if (ticks <= 0 || threadName == null) {
            return;
        }
        if (threadName.equals("VM Thread")) {
            vmTicks += ticks;
        } else if (threadName.startsWith("GC Thread#")) {
            workerTicks += ticks;
            workers++;
        }
    }

    /** The collector's work over the window, seconds: the length its pauses would have had with a core each. */
    public double seconds() {
        return (vmTicks + (workers == 0 ? 0 : (double) workerTicks / workers)) / ProcessCpu.TICKS_PER_SECOND;
    }

    /** A stop-the-world collector's thread, by the name the kernel keeps. */
    public static boolean isCollector(String threadName) {
        return threadName != null && (threadName.equals("VM Thread") || threadName.startsWith("GC Thread#"));
    }
}
