package dev.zkload.sim.junit;

import dev.zkload.sim.DomainFleet;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * What {@link SaturnDomains} does in JUnit's callbacks: start the fleet once for the class (or each test)
 * that registered the extension, never again for a {@code @Nested} class inside it, close it only at the
 * end of that class (or test), and start it before the first test instead where the connect string is not
 * there yet before the class's tests.
 */
final class FleetHolder {
    private final Supplier<String> connectString;
    private final int domains;
    private final UnaryOperator<DomainFleet.Builder> options;
    private volatile DomainFleet fleet;
    private volatile boolean perClass;
    /** The test class (or test) whose callbacks started the fleet: only its end closes it. */
    private volatile String owner;
    /** Why the supplier had no connect string before the class's tests; null when it had one. */
    private volatile String deferredWhy;

    FleetHolder(Supplier<String> connectString, int domains, UnaryOperator<DomainFleet.Builder> options) {
        this.connectString = connectString;
        this.domains = domains;
        this.options = options;
    }

    DomainFleet fleet() {
        DomainFleet f = fleet;
        if (f == null) {
            throw new IllegalStateException("SaturnDomains holds no domains here: only while the tests it wraps run");
        }
        return f;
    }

    void beforeAll(String context) throws InterruptedException {
        if (owner != null) {
            return; // a @Nested class of the one that holds the domains: they are its too
        }
        perClass = true;
        owner = context;
        String connect = connectString(false);
        if (connect != null) {
            hold(connect);
        }
    }

    void beforeEach(String context) throws InterruptedException {
        if (perClass) {
            if (fleet == null && deferredWhy != null) {
                hold(connectString(true));
            }
        } else if (owner == null) {
            owner = context;
            hold(connectString(true));
        }
    }

    void afterEach(String context) {
        if (!perClass && context.equals(owner)) {
            release();
        }
    }

    void afterAll(String context) {
        if (context.equals(owner)) {
            release();
            perClass = false;
        }
    }

    /**
     * The supplier's connect string; before the class's tests, null (remembering why) where it has none yet.
     *
     * @param required whether the tests start now: then a missing one is a clear failure
     */
    private String connectString(boolean required) {
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
            deferredWhy = why;
            return null;
        }
        throw new IllegalStateException("SaturnDomains has no ZooKeeper to hold its domains on: its connect string"
                + " supplier " + (deferredWhy != null ? deferredWhy + " before the class's tests and " : "") + why
                + " before the first test. Start the server in an extension registered before this one (@Order, or"
                + " its field declared first) or in a static @BeforeAll method, and have the supplier return its"
                + " connect string");
    }

    private void hold(String connect) throws InterruptedException {
        deferredWhy = null;
        DomainFleet f = options.apply(DomainFleet.builder(connect)).build();
        try {
            f.start();
            f.addDomains(domains);
        } catch (RuntimeException | InterruptedException e) {
            f.close();
            throw e;
        }
        fleet = f;
    }

    private void release() {
        DomainFleet f = fleet;
        fleet = null;
        owner = null;
        deferredWhy = null;
        if (f != null) {
            f.close();
        }
    }
}
