package dev.zkload.sim;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.apache.zookeeper.KeeperException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Background work that failed, counted by kind; the first {@value #LOGGED_PER_KIND} of each kind
 * are logged with their cause. Under a fault thousands of sessions fail at once: the log shows what
 * went wrong, the snapshot how often, and neither floods.
 *
 * <p>One failure is Saturn's own and not a problem: a job leader's reshard that meets an executor still
 * registering (its multi sets the sharding node that executor has not created yet: NoNode). Saturn's job
 * leaders meet it too whenever executors come and go, and retry; here the next fire does. It is counted like
 * any other, but logged at INFO, out of the warnings' budget, so that adding domains does not warn.
 */
final class Failures {
    static final int LOGGED_PER_KIND = 5;
    private static final Logger LOG = LoggerFactory.getLogger(DomainFleet.class.getPackageName());

    private final Map<FailureKind, LongAdder> counts = new EnumMap<>(FailureKind.class);
    private final Map<FailureKind, AtomicInteger> logged = new EnumMap<>(FailureKind.class);
    private final AtomicInteger registrationRacesLogged = new AtomicInteger();

    Failures() {
        for (FailureKind k : FailureKind.values()) {
            counts.put(k, new LongAdder());
            logged.put(k, new AtomicInteger());
        }
    }

    /** Counts one failure of {@code who} (a session's name), logs it if it is among the first of its kind. */
    void record(FailureKind kind, String who, Throwable failure) {
        counts.get(kind).increment();
        Throwable cause = unwrap(failure);
        if (kind == FailureKind.RESHARD
                && cause instanceof KeeperException.NoNodeException noNode
                && isSharding(noNode)) {
            int n = registrationRacesLogged.incrementAndGet();
            if (n <= LOGGED_PER_KIND) {
                LOG.info(
                        "reshard for {} met an executor still registering ({}); the next fire retries",
                        who,
                        cause.getMessage());
            }
            return;
        }
        int n = logged.get(kind).incrementAndGet();
        if (n > LOGGED_PER_KIND) {
            return;
        }
        if (cause instanceof KeeperException) {
            // the code and path say it all; the stack of a callback thread says nothing
            LOG.warn("{} failed for {}: {}", kind.id(), who, cause.getMessage());
        } else {
            LOG.warn("{} failed for {}", kind.id(), who, cause);
        }
        if (n == LOGGED_PER_KIND) {
            LOG.warn("further {} failures are counted in the fleet's snapshot, not logged", kind.id());
        }
    }

    /** The node a job leader sets for each executor of the job: {@code $Jobs/<job>/servers/<executor>/sharding}. */
    private static boolean isSharding(KeeperException e) {
        String path = e.getPath();
        return path != null && path.matches(".*/servers/[^/]+/sharding");
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
}
