package dev.zkload.sim;

import java.util.concurrent.CountDownLatch;

/**
 * A JVM that holds a fleet and never closes it, for {@link FleetRootIT}: started with the connect
 * string, the root and {@code exit} (System.exit once registered) or {@code hold} (until killed).
 */
final class FleetChild {
    static final String REGISTERED = "registered";

    private FleetChild() {}

    public static void main(String[] args) throws InterruptedException {
        DomainFleet fleet = DomainFleet.builder(args[0])
                .root(args[1])
                .model(FleetRootIT.SMALL)
                .jobRuns(false)
                .build();
        fleet.start();
        fleet.addDomains(1);
        System.out.println(REGISTERED);
        System.out.flush();
        if (args[2].equals("exit")) {
            System.exit(0); // no close(): the shutdown hook is what removes the tree
        }
        new CountDownLatch(1).await(); // held until the test kills this JVM
    }
}
