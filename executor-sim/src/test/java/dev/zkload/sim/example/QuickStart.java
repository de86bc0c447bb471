package dev.zkload.sim.example;

import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.FleetSnapshot;
import dev.zkload.sim.Footprint;
import dev.zkload.sim.SaturnModel;

/** The example of docs/executor-sim.md: put ten Saturn domains on an ensemble for a while. */
public final class QuickStart {
    private QuickStart() {
    }

    public static FleetSnapshot run(String connectString, int domains, long holdMillis) throws InterruptedException {
        SaturnModel model = SaturnModel.saturn21();                 // the 2017 report's model
        Footprint perDomain = model.expectedFootprint();            // 2,196 znodes, 5,736 watches, ...
        System.out.printf("each domain should add %.0f znodes and %.0f watches%n", perDomain.znodes(), perDomain.watches());

        try (DomainFleet fleet = DomainFleet.builder(connectString)
                .root("/zkload/quickstart")                         // everything lives (and dies) under here
                .model(model)
                .build()) {
            fleet.start();
            fleet.addDomains(domains);                              // returns when all are registered
            Thread.sleep(holdMillis);                               // the load runs: fires, runs, watches
            FleetSnapshot now = fleet.snapshot();
            System.out.printf("%d domains, %d sessions, %d runs completed%n",
                    now.domains(), now.sessionsOpen(), now.runsCompleted());
            return now;
        }                                                           // close() removes /zkload/quickstart
    }

    public static void main(String[] args) throws InterruptedException {
        run(args.length > 0 ? args[0] : "127.0.0.1:2181", 10, 120_000);
    }
}
