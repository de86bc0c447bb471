package dev.zkload.sim;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.apache.zookeeper.KeeperException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Background work that failed, counted by kind; the first {@value #LOGGED_PER_KIND} of each kind in each
 * <em>episode</em> are logged at WARN with their cause. Under a fault thousands of sessions fail at once: the log
 * shows what went wrong, the snapshot how often, and neither floods. An episode of a kind ends once none of that
 * kind failed for {@link #QUIET_NANOS}: the next outage, minutes or hours later, is warned about again, with how
 * many of its kind the one before counted beyond what it logged.
 */
final class Failures {
    static final int LOGGED_PER_KIND = 5;
    /** A kind quiet this long has ended its episode. */
    static final long QUIET_NANOS = TimeUnit.SECONDS.toNanos(30);

    private static final Logger LOG = LoggerFactory.getLogger(DomainFleet.class.getPackageName());

    private final Map<FailureKind, LongAdder> counts = new EnumMap<>(FailureKind.class);
    private final Map<FailureKind, Episode> episodes = new EnumMap<>(FailureKind.class);
    private final LongSupplier nanos;

    Failures() {
        this(System::nanoTime);
    }

    /** @param nanos the clock episodes are timed with */
    Failures(LongSupplier nanos) {
        this.nanos = nanos;
        for (FailureKind k : FailureKind.values()) {
            counts.put(k, new LongAdder());
            episodes.put(k, new Episode());
        }
    }

    /** Counts one failure of {@code who} (a session's name), logs it if it is among the first of its episode. */
    void record(FailureKind kind, String who, Throwable failure) {
        counts.get(kind).increment();
        int n = episodes.get(kind).next(kind, nanos.getAsLong());
        if (n > LOGGED_PER_KIND) {
            return;
        }
        Throwable cause = unwrap(failure);
        if (cause instanceof KeeperException) {
            // the code and path say it all; the stack of a callback thread says nothing
            LOG.warn("{} failed for {}: {}", kind.id(), who, cause.getMessage());
        } else {
            LOG.warn("{} failed for {}", kind.id(), who, cause);
        }
        if (n == LOGGED_PER_KIND) {
            LOG.warn(
                    "further {} failures are counted in the fleet's snapshot, not logged, until none came for {} s",
                    kind.id(),
                    TimeUnit.NANOSECONDS.toSeconds(QUIET_NANOS));
        }
    }

    Map<FailureKind, Long> snapshot() {
        Map<FailureKind, Long> map = new EnumMap<>(FailureKind.class);
        counts.forEach((k, v) -> map.put(k, v.sum()));
        return map;
    }

    /** The failure a future chain wrapped. */
    static Throwable unwrap(Throwable t) {
        Throwable c = t;
        while ((c instanceof CompletionException || c instanceof ExecutionException) && c.getCause() != null) {
            c = c.getCause();
        }
        return c;
    }

    /** One kind's run of failures with no quiet of {@link #QUIET_NANOS} between them. */
    private static final class Episode {
        private final AtomicLong last = new AtomicLong(Long.MIN_VALUE);
        private final AtomicInteger seen = new AtomicInteger();

        /** This failure's number in its episode, from 1; a new episode begins after a quiet. */
        synchronized int next(FailureKind kind, long now) {
            long before = last.getAndSet(now);
            if (before != Long.MIN_VALUE && now - before >= QUIET_NANOS) {
                int unlogged = seen.getAndSet(0) - LOGGED_PER_KIND;
                if (unlogged > 0) {
                    LOG.warn("the last episode of {} failures counted {} more than it logged", kind.id(), unlogged);
                }
            }
            return seen.incrementAndGet();
        }
    }
}
