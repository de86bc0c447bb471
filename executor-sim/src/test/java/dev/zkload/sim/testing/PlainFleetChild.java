package dev.zkload.sim.testing;

import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.FleetSnapshot;
import dev.zkload.sim.ModelFile;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A JVM that runs a fleet the plainest way (a built-in model, no meter registry, no model file) and says what it
 * saw, for the tests of how the library is packaged: which module {@code DomainFleet} is in, whether the
 * foundation's unexported packages are open to it, and the fleet's snapshot once its domain registered. Started
 * with the connect string, the root and, to try reading a model file too, {@code model-file}; exits 0 once the
 * fleet closed.
 */
public final class PlainFleetChild {
    private PlainFleetChild() {}

    public static void main(String[] args) throws Exception {
        Module module = DomainFleet.class.getModule();
        System.out.println("module=" + (module.isNamed() ? module.getName() : "unnamed"));
        System.out.println("internals=" + internals());
        try (DomainFleet fleet = DomainFleet.builder(args[0])
                .root(args[1])
                .model(FleetChild.SMALL)
                .jobRuns(false)
                .build()) {
            fleet.start();
            fleet.addDomains(1);
            FleetSnapshot s = fleet.snapshot();
            System.out.println("domains=" + s.domains() + " sessions=" + s.sessionsOpen());
        }
        if (args.length > 2 && args[2].equals("model-file")) {
            Path file = Files.writeString(Files.createTempFile("model", ".yaml"), "version: saturn-3\n");
            try {
                System.out.println("modelFile=" + ModelFile.read(file).name());
            } catch (IllegalStateException e) {
                System.out.println("modelFile=" + e.getMessage());
            } finally {
                Files.delete(file);
            }
        }
        System.out.flush();
    }

    /** Whether a public method of the foundation's claim package, which the module exports to executor-sim alone, can be called. */
    private static String internals() throws ReflectiveOperationException {
        try {
            Class.forName("dev.zkload.zk.claim.RootLock").getMethod("localHost").invoke(null);
            return "open";
        } catch (IllegalAccessException closed) {
            return "closed";
        }
    }
}
