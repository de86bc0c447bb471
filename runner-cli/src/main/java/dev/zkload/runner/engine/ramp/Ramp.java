package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.RunFailure;
import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.engine.run.InterruptFlag;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.runner.engine.run.RunListener;
import dev.zkload.runner.result.RampSummary;
import dev.zkload.sim.DomainFleet;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;

/**
 * The ramp engine: a baseline benchmark on the empty ensemble, then domains added step by step until
 * the leader saturates under the settled load, the runner itself becomes the bottleneck, a fault
 * disturbs the ensemble, domains cannot be added, errors pass the limit, the target is reached, or
 * the user interrupts.
 *
 * <p>Each step has three phases: the domains register (the burst: recorded, never judged), the load
 * settles, and it is measured (the seven-op benchmark, then watching until the settled load has been
 * observed for the sustain time). Saturation and the runner's health are judged on the settled load
 * only; the ensemble's events (elections, stalled servers, cut sessions) in every phase, a fault while
 * the domains register included. Every finished step is on disk before the next begins.
 *
 * <p>This class is what the command gives the ramp (its {@link RampPlan}, the prepared run, the runner's
 * health) and the fleet's life around it: built from the plan, removed at the end unless the plan keeps it.
 * One run's collaborators and its steps are {@link RampRun}'s.
 */
public final class Ramp {
    private final RampPlan plan;
    private final PreparedRun run;
    private final RunListener progress;
    private final GeneratorMonitor monitor;
    private final MeterRegistry meters;

    /** @param meters where the fleet's meters go for Prometheus, or null */
    public Ramp(RampPlan plan, PreparedRun run, RunListener progress, GeneratorMonitor monitor, MeterRegistry meters) {
        this.plan = plan;
        this.run = run;
        this.progress = progress;
        this.monitor = monitor;
        this.meters = meters;
    }

    /**
     * Runs the ramp on a fleet of its own, then removes the simulated domains (also after Ctrl-C) unless the
     * plan keeps them; the summary's thresholds are still to be judged.
     *
     * @throws RunFailure when the server metrics cannot be written
     */
    public RampSummary run() throws InterruptedException {
        DomainFleet fleet = run.fleet(plan.models(), monitor)
                .keepTreeOnClose(plan.keep())
                .pipelinedTrees(plan.treeWrites() == RampPlan.TreeWrites.PIPELINED)
                .addTimeout(plan.addTimeout())
                .meterRegistry(meters)
                .build();
        RampRun ramp = new RampRun(plan, run, progress, monitor, fleet);
        try {
            return ramp.run();
        } catch (IOException e) {
            throw new RunFailure("the ramp failed: " + e.getMessage(), e);
        } finally {
            cleanUp(fleet, ramp.quorumLost());
        }
    }

    /** Removes the simulated domains (with the interrupt flag aside, so Ctrl-C's cleanup works), unless kept. */
    private void cleanUp(DomainFleet fleet, boolean quorumLost) {
        InterruptFlag.aside(() -> removeOrKeep(fleet, quorumLost));
    }

    private void removeOrKeep(DomainFleet fleet, boolean quorumLost) {
        String clean = run.cleanCommand();
        if (plan.keep()) {
            progress.line("Leaving the simulated domains under %s (--keep); remove them with: %s", run.root(), clean);
            fleet.close(); // its sessions end and its claim goes; the tree stays
        } else {
            progress.line("Removing the simulated domains under %s ...", run.root());
            fleet.close();
            if (quorumLost && !run.target().embedded()) {
                progress.line(
                        "The ensemble had no leader, so some of it may be left: once the ensemble is back, %s", clean);
            }
        }
    }
}
