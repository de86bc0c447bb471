package dev.zkload.sim;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;

/**
 * Every job fire that came due, and whether its runs were done in time: the work the domains asked of
 * the ensemble against the work it got done. A fire is <em>delivered</em> when its whole chain (the
 * reads, each owned item's run, the reports) completed within its run time plus {@link #SLACK_MS} of its
 * due instant: on an ensemble that keeps up, its dozen or so requests take milliseconds, so every fire is
 * delivered; one whose session was cut, whose request failed, or whose requests queued for seconds is not.
 *
 * <p>Fires are counted in one-second buckets by their due second, for the last {@link #SECONDS} seconds.
 * A bucket is only judged once the latest deadline of its fires has passed, so a window asked about
 * right after its fires came due is not counted short of the fires still within their time.
 */
final class FireLedger {
    /** What a fire may take beyond its run time and still count as delivered. */
    static final long SLACK_MS = 10_000;
    /** How far back the ledger remembers, s: longer than any step's window. */
    static final int SECONDS = 3600;

    private final AtomicLongArray second = new AtomicLongArray(SECONDS);
    private final AtomicLongArray due = new AtomicLongArray(SECONDS);
    private final AtomicLongArray delivered = new AtomicLongArray(SECONDS);
    private final AtomicLongArray deadline = new AtomicLongArray(SECONDS);
    private final LongSupplier clock;

    FireLedger() {
        this(System::currentTimeMillis);
    }

    /** @param clock epoch ms now */
    FireLedger(LongSupplier clock) {
        this.clock = clock;
    }

    /** A fire came due at {@code dueMs} (epoch ms) for runs of {@code runTimeMs}; what to tell when it is done. */
    synchronized Fire due(long dueMs, long runTimeMs) {
        long s = Math.floorDiv(dueMs, 1000);
        int i = (int) Math.floorMod(s, (long) SECONDS);
        if (second.get(i) != s) { // a bucket last used an hour ago: reuse it
            second.set(i, s);
            due.set(i, 0);
            delivered.set(i, 0);
            deadline.set(i, 0);
        }
        long until = dueMs + runTimeMs + SLACK_MS;
        due.incrementAndGet(i);
        deadline.accumulateAndGet(i, until, Math::max);
        return new Fire(s, until);
    }

    /** One counted fire: {@link #done} when its chain completed. */
    final class Fire {
        private final long s;
        private final long until;

        private Fire(long s, long until) {
            this.s = s;
            this.until = until;
        }

        void done() {
            if (clock.getAsLong() <= until) {
                synchronized (FireLedger.this) {
                    int i = (int) Math.floorMod(s, (long) SECONDS);
                    if (second.get(i) == s) {
                        delivered.incrementAndGet(i);
                    }
                }
            }
        }
    }

    /** The fires due in [{@code from}, {@code to}) whose time to deliver is over, and how many were delivered. */
    synchronized JobFires between(Instant from, Instant to) {
        long now = clock.getAsLong();
        long first = Math.floorDiv(from.toEpochMilli() + 999, 1000); // whole seconds inside the window
        long last = Math.floorDiv(to.toEpochMilli(), 1000); // exclusive
        long d = 0;
        long ok = 0;
        long judgedUntil = first;
        for (long s = Math.max(first, last - SECONDS + 1); s < last; s++) {
            int i = (int) Math.floorMod(s, (long) SECONDS);
            if (second.get(i) != s || due.get(i) == 0) {
                continue;
            }
            if (deadline.get(i) > now) {
                break; // this second's fires may still be delivered: the window ends here
            }
            d += due.get(i);
            ok += delivered.get(i);
            judgedUntil = s + 1;
        }
        return JobFires.builder()
                .due(d)
                .delivered(ok)
                .judgedUntil(Instant.ofEpochSecond(Math.max(first, Math.min(judgedUntil, last))))
                .build();
    }
}
