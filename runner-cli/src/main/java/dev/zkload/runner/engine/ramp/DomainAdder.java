package dev.zkload.runner.engine.ramp;

import dev.zkload.sim.DomainStartException;
import java.time.Duration;
import java.util.function.IntConsumer;
import java.util.function.LongSupplier;

/**
 * Adds a step's domains to the fleet: in chunks, so the progress line can show the domains up while
 * the step registers them, and at most {@code rate} domains a second when the user asked for a paced
 * add instead of the burst. A step whose domains are not all up within its time limit stops adding:
 * an ensemble that registers domains that slowly cannot take more of them. A chunk that fails is
 * handed to the step's {@link Recovery}: one cut by an ensemble event (an election, a stalled server)
 * is added again once the ensemble serves, as Saturn's executors register again after a fault.
 */
final class DomainAdder {
    /** The fleet starts this many sessions at once; a chunk of domains fills it. */
    private static final int SESSIONS_AT_ONCE = 200;

    /** What registers {@code k} more domains and returns when they are up: the fleet's {@code addDomains}. */
    @FunctionalInterface
    interface Registration {
        void add(int k) throws InterruptedException;
    }

    /** What happens to a chunk that failed. */
    enum Outcome {
        /** The ensemble had an event and serves again: add the chunk again. */
        RETRY,
        /** The ensemble does not serve (no leader for too long): stop adding, the step is judged as it is. */
        STOP,
        /** No ensemble event explains the failure: it ends the ramp. */
        FAIL
    }

    /** Decides, and waits as long as it takes to decide, what happens to a chunk that failed. */
    @FunctionalInterface
    interface Recovery {
        /**
         * What happens to the failed chunk, decided once the ensemble's state says.
         *
         * @param added the domains of this call registered before the failed chunk: what the fleet is to
         *     hold of this call when the chunk is added again
         */
        Outcome after(DomainStartException failure, int added) throws InterruptedException;
    }

    /** Chunks added again in one step at most: an ensemble that keeps failing them is not recovering. */
    static final int MAX_RETRIES = 5;

    private final Registration registration;
    private final Recovery recovery;
    private final Double rate;
    private final int chunk;
    private final Duration timeout;
    private final LongSupplier nanoTime;

    /**
     * @param rate              domains per second at most, or null for as fast as the servers let it
     * @param sessionsPerDomain executors plus consoles of one domain
     * @param timeout           how long one step's domains may take to register, all of them
     */
    DomainAdder(
            Registration registration,
            Recovery recovery,
            Double rate,
            int sessionsPerDomain,
            Duration timeout,
            LongSupplier nanoTime) {
        this.registration = registration;
        this.recovery = recovery;
        this.rate = rate;
        int full = Math.max(1, SESSIONS_AT_ONCE / sessionsPerDomain);
        this.chunk = rate == null ? full : (int) Math.max(1, Math.min(full, Math.round(rate)));
        this.timeout = timeout;
        this.nanoTime = nanoTime;
    }

    DomainAdder(Registration registration, Recovery recovery, Double rate, int sessionsPerDomain, Duration timeout) {
        this(registration, recovery, rate, sessionsPerDomain, timeout, System::nanoTime);
    }

    /**
     * Adds {@code n} domains and returns when all are registered, or when the time limit passed with some
     * still to add. The limit is checked between chunks, and the fleet bounds each chunk by it too, so a step
     * ends at most one chunk's time after its limit.
     *
     * @param up told the count added so far in this call after each chunk
     * @return how many were added: {@code n}, or fewer when the time limit passed first or the recovery stopped
     * @throws DomainStartException naming the first domain that failed, when the recovery gives up on it
     */
    int add(int n, IntConsumer up) throws InterruptedException {
        long start = nanoTime.getAsLong();
        int added = 0;
        int retries = 0;
        while (added < n) {
            if (nanoTime.getAsLong() - start >= timeout.toNanos()) {
                return added;
            }
            if (rate != null) {
                long due = start + (long) (added / rate * 1e9);
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(Duration.ofNanos(wait).toMillis(), (int) (wait % 1_000_000));
                }
            }
            int k = Math.min(chunk, n - added);
            try {
                registration.add(k);
            } catch (DomainStartException e) {
                Outcome next = retries < MAX_RETRIES ? recovery.after(e, added) : Outcome.FAIL;
                if (next == Outcome.FAIL) {
                    throw e;
                }
                if (next == Outcome.STOP) {
                    return added;
                }
                retries++;
                continue;
            }
            added += k;
            up.accept(added);
        }
        return added;
    }
}
