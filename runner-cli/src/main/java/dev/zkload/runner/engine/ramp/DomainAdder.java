package dev.zkload.runner.engine.ramp;

import dev.zkload.sim.DomainFleet;
import java.time.Duration;
import java.util.function.IntConsumer;

/**
 * Adds a step's domains to the fleet: in chunks, so the progress line can show the domains up while
 * the step registers them, and at most {@code rate} domains a second when the user asked for a paced
 * add instead of the burst.
 */
final class DomainAdder {
    /** The fleet starts this many sessions at once; a chunk of domains fills it. */
    private static final int SESSIONS_AT_ONCE = 200;

    private final DomainFleet fleet;
    private final Double rate;
    private final int chunk;

    /**
     * @param rate              domains per second at most, or null for as fast as the servers let it
     * @param sessionsPerDomain executors plus consoles of one domain
     */
    DomainAdder(DomainFleet fleet, Double rate, int sessionsPerDomain) {
        this.fleet = fleet;
        this.rate = rate;
        int full = Math.max(1, SESSIONS_AT_ONCE / sessionsPerDomain);
        this.chunk = rate == null ? full : (int) Math.max(1, Math.min(full, Math.round(rate)));
    }

    /**
     * Adds {@code n} domains and returns when all are registered.
     *
     * @param up told the count added so far in this call after each chunk
     * @throws dev.zkload.sim.DomainStartException naming the first domain that failed
     */
    void add(int n, IntConsumer up) throws InterruptedException {
        long start = System.nanoTime();
        int added = 0;
        while (added < n) {
            if (rate != null) {
                long due = start + (long) (added / rate * 1e9);
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(Duration.ofNanos(wait).toMillis(), (int) (wait % 1_000_000));
                }
            }
            int k = Math.min(chunk, n - added);
            fleet.addDomains(k);
            added += k;
            up.accept(added);
        }
    }
}
