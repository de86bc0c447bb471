package example.quickstart;

import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.FleetSnapshot;
import dev.zkload.sim.Footprint;
import dev.zkload.sim.SaturnModel;
import java.time.Duration;

/** Saturn domains on a ZooKeeper ensemble for a while: the quick start of executor-sim's documentation. */
public final class QuickStart {
    private QuickStart() {
    }

    /** Holds {@code domains} Saturn domains on the ensemble for {@code hold}, then removes them. */
    public static FleetSnapshot run(String connectString, int domains, Duration hold) throws InterruptedException {
        // tag::quickstart[]
        SaturnModel model = SaturnModel.saturn21();                 // the 2017 report's model
        Footprint perDomain = model.expectedFootprint();            // 2,196 znodes, 5,736 watches, 147 requests/s, ...

        try (DomainFleet fleet = DomainFleet.builder(connectString)
                .root("/zkload/quickstart")                         // everything lives (and dies) under here
                .model(model)
                .build()) {
            fleet.start();
            fleet.addDomains(domains);                              // returns when all are registered
            Thread.sleep(hold.toMillis());                          // the load runs: fires, runs, watches
            FleetSnapshot now = fleet.snapshot();
            System.out.printf("%d domains, %d of %d sessions connected, %d runs completed (expected per domain: %s)%n",
                    now.domains(), now.sessionsConnected(), now.sessionsOpen(), now.runsCompleted(), perDomain);
            return now;
        }                                                           // close() removes /zkload/quickstart
        // end::quickstart[]
    }

    /**
     * Ten domains for two minutes.
     *
     * @param args the connect string, default {@code 127.0.0.1:2181}
     */
    public static void main(String[] args) throws InterruptedException {
        run(args.length > 0 ? args[0] : "127.0.0.1:2181", 10, Duration.ofMinutes(2));
    }
}
