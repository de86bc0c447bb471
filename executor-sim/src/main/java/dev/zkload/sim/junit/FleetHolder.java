package dev.zkload.sim.junit;

import dev.zkload.sim.DomainFleet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What {@link SaturnDomains} does in JUnit's callbacks, safe when JUnit runs classes and methods concurrently. The
 * <em>holders</em> are the contexts that registered the extension at their level: a class, for a static field
 * (each class that inherits the field is one), or a test, for an instance field. One fleet serves every holder
 * that runs at the same time: the first starts it, the last one out closes it, so that classes sharing one
 * instance (a static field of a common base class) run concurrently on the one fleet the instance has, and a
 * {@code @Nested} class, or a test inside a holder, holds nothing of its own. Where the connect string is not
 * there yet before a class's tests, the fleet starts before its first test instead. Every callback takes the
 * monitor: a start waits for the fleet another thread is starting.
 */
final class FleetHolder {
    private final Supplier<String> connectString;
    private final int domains;
    /** Builds the fleet on a connect string: the extension's settings. */
    private final Function<String, DomainFleet> build;

    private DomainFleet fleet;
    /** The contexts holding the fleet now. */
    private final Set<String> holders = new HashSet<>();
    /** Why the supplier had no connect string before a holder's tests, by holder. */
    private final Map<String, String> deferred = new HashMap<>();
    /** A start before a holder's first test that failed, by holder. */
    private final Map<String, RuntimeException> failed = new HashMap<>();

    FleetHolder(Supplier<String> connectString, int domains, Function<String, DomainFleet> build) {
        this.connectString = connectString;
        this.domains = domains;
        this.build = build;
    }

    synchronized DomainFleet fleet() {
        if (fleet == null) {
            throw new IllegalStateException("SaturnDomains holds no domains here: only while the tests it wraps run");
        }
        return fleet;
    }

    synchronized void beforeAll(String context) throws InterruptedException {
        if (holderOf(context) != null) {
            return; // a @Nested class of one that holds the domains: they are its too
        }
        holders.add(context);
        if (fleet != null) {
            return; // another class that shares this instance holds them already
        }
        String connect = connectString(context, false);
        if (connect != null) {
            try {
                hold(connect);
            } catch (RuntimeException | InterruptedException e) {
                release(context); // JUnit runs none of the class's tests
                throw e;
            }
        }
    }

    synchronized void beforeEach(String context) throws InterruptedException {
        String holder = holderOf(context);
        if (holder == null) {
            holders.add(context); // an instance field: the domains are held around this test
            holder = context;
        }
        if (fleet != null) {
            return;
        }
        RuntimeException before = failed.get(holder);
        if (before != null) {
            // the class's other tests fail as its first did, without waiting for the same failure again
            throw new IllegalStateException(
                    "SaturnDomains could not start its domains before the first test: " + before.getMessage(), before);
        }
        try {
            hold(connectString(holder, true));
        } catch (RuntimeException e) {
            failed.put(holder, e);
            throw e;
        }
    }

    synchronized void afterEach(String context) {
        release(context);
    }

    synchronized void afterAll(String context) {
        release(context);
    }

    /** The holder {@code context} runs inside, or null. */
    private String holderOf(String context) {
        for (String h : holders) {
            if (context.startsWith(h + "/")) {
                return h;
            }
        }
        return null;
    }

    /**
     * The supplier's connect string; before a holder's tests, null (remembering why) where it has none yet.
     *
     * @param required whether the tests start now: then a missing one is a clear failure
     */
    private String connectString(String holder, boolean required) {
        String connect;
        String why;
        try {
            connect = connectString.get();
            why = connect == null ? "returned null" : null;
        } catch (RuntimeException e) {
            connect = null;
            why = "threw " + e;
        }
        if (connect != null) {
            return connect;
        }
        if (!required) {
            deferred.put(holder, why);
            return null;
        }
        String before = deferred.get(holder);
        throw new IllegalStateException("SaturnDomains has no ZooKeeper to hold its domains on: its connect string"
                + " supplier " + (before != null ? before + " before the class's tests and " : "") + why
                + " before the first test. Start the server in an extension registered before this one (@Order, or"
                + " its field declared first) or in a static @BeforeAll method, and have the supplier return its"
                + " connect string");
    }

    /** Starts the fleet; one that fails to start leaves nothing held. */
    private void hold(String connect) throws InterruptedException {
        DomainFleet f = build.apply(connect);
        try {
            f.start();
            f.addDomains(domains);
        } catch (RuntimeException | InterruptedException e) {
            f.close();
            throw e;
        }
        fleet = f;
    }

    /** {@code context} ends: when it was the last holder, the fleet closes. */
    private void release(String context) {
        if (!holders.remove(context)) {
            return;
        }
        deferred.remove(context);
        failed.remove(context);
        if (holders.isEmpty() && fleet != null) {
            DomainFleet f = fleet;
            fleet = null;
            f.close();
        }
    }
}
