package dev.zkload.sim.testing;

import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.SaturnModel;
import java.util.concurrent.CountDownLatch;

/**
 * A JVM that holds a fleet and never closes it, for the root tests (FleetRootIT): started with the connect
 * string, the root and {@code exit} (System.exit once registered), {@code exit-without-hook} (the same, the fleet
 * built without its shutdown hook) or {@code hold} (until killed).
 */
public final class FleetChild {
    public static final String REGISTERED = "registered";

    /** The model of the root tests' fleets, this child's among them: two jobs a domain, registered fast. */
    public static final SaturnModel SMALL =
            SaturnModel.saturn21().toBuilder().jobsPerDomain(2).build();

    private FleetChild() {}

    public static void main(String[] args) throws InterruptedException {
        DomainFleet fleet = DomainFleet.builder(args[0])
                .root(args[1])
                .model(SMALL)
                .jobRuns(false)
                .shutdownHook(!args[2].equals("exit-without-hook"))
                .build();
        fleet.start();
        fleet.addDomains(1);
        System.out.println(REGISTERED);
        System.out.flush();
        if (args[2].startsWith("exit")) {
            System.exit(0); // no close(): the shutdown hook is what removes the tree
        }
        new CountDownLatch(1).await(); // held until the test kills this JVM
    }
}
