package dev.zkload.sim;

import java.time.Instant;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * Every job fire that came due, and whether its runs were done in time: the work the domains asked of
 * the ensemble against the work it got done. A fire is <em>delivered</em> when its whole chain (the
 * reads, each owned item's run, the reports) completed within its run time plus {@link #SLACK_MS} of its
 * due instant: on an ensemble that keeps up, its dozen or so requests take milliseconds, so every fire is
 * delivered; one whose session was cut, whose request failed, or whose requests queued for seconds is not.
 *
 * <p>Fires are counted in one-second buckets by their due second, for the fleet's whole life, so that any
 * window it lived is answered (a soak's whole run as well as its last minute): two ints a second, about 29 KiB
 * of heap for each hour the jobs fire. A bucket is only judged once the latest deadline of its fires has passed,
 * so a window asked about right after its fires came due is not counted short of the fires still within their
 * time; those deadlines are kept for the last {@value #RECENT} seconds, as no fire's runs take that long.
 */
final class FireLedger {
    /** What a fire may take beyond its run time and still count as delivered. */
    static final long SLACK_MS = 10_000;
    /** Seconds whose fires' deadlines are kept. */
    static final int RECENT = 3600;

    private static final int HOUR = 3600;

    /** By hour since the epoch: each second's fires due, then delivered, side by side. */
    private final NavigableMap<Long, int[]> hours = new TreeMap<>();
    /** The second each slot's deadline is of, and the latest deadline of that second's fires (epoch ms). */
    private final long[] deadlineOf = new long[RECENT];

    private final long[] deadline = new long[RECENT];
    private final LongSupplier clock;

    FireLedger() {
        this(System::currentTimeMillis);
    }

    /** @param clock epoch ms now */
    FireLedger(LongSupplier clock) {
        this.clock = clock;
        java.util.Arrays.fill(deadlineOf, Long.MIN_VALUE);
    }

    /** A fire came due at {@code dueMs} (epoch ms) for runs of {@code runTimeMs}; what to tell when it is done. */
    synchronized Fire due(long dueMs, long runTimeMs) {
        long s = Math.floorDiv(dueMs, 1000);
        hours.computeIfAbsent(Math.floorDiv(s, HOUR), h -> new int[2 * HOUR])[2 * Math.floorMod(s, HOUR)]++;
        long until = dueMs + runTimeMs + SLACK_MS;
        int r = Math.floorMod(s, RECENT);
        if (deadlineOf[r] != s) {
            deadlineOf[r] = s;
            deadline[r] = 0;
        }
        deadline[r] = Math.max(deadline[r], until);
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
                    hours.get(Math.floorDiv(s, HOUR))[2 * Math.floorMod(s, HOUR) + 1]++;
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
        if (first < last) {
            judging:
            for (Map.Entry<Long, int[]> hour : hours.subMap(
                            Math.floorDiv(first, HOUR), true, Math.floorDiv(last - 1, HOUR), true)
                    .entrySet()) {
                long start = hour.getKey() * HOUR;
                int[] counts = hour.getValue();
                for (long s = Math.max(first, start); s < Math.min(last, start + HOUR); s++) {
                    int i = (int) (s - start);
                    if (counts[2 * i] == 0) {
                        continue;
                    }
                    int r = Math.floorMod(s, RECENT);
                    if (deadlineOf[r] == s && deadline[r] > now) {
                        break judging; // this second's fires may still be delivered: the window ends here
                    }
                    d += counts[2 * i];
                    ok += counts[2 * i + 1];
                    judgedUntil = s + 1;
                }
            }
        }
        return JobFires.builder()
                .due(d)
                .delivered(ok)
                .judgedUntil(Instant.ofEpochSecond(Math.max(first, Math.min(judgedUntil, last))))
                .build();
    }
}
