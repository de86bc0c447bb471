package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.engine.run.RunListener;
import dev.zkload.runner.text.Plural;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.DomainStartException;
import dev.zkload.sim.FleetSnapshot;
import java.time.Duration;
import java.util.Optional;

/**
 * Brings this process's share of the fleet to each step's count, keeping the count of the domains up: adds
 * them ({@link DomainAdder}), going through a fault during the add ({@link AddRecovery}), or, for a bisection's
 * step below the domains up, removes the surplus.
 */
final class StepAdds {
    /**
     * What a step's add came to.
     *
     * @param cannot  why the ramp ends without judging the step (cannot-add-domains); empty when it is judged
     * @param shortBy the add ran out of time with some domains up, and the step is judged at those; else null
     */
    record Added(Optional<String> cannot, ShortAdd shortBy) {
        static final Added ALL = new Added(Optional.empty(), null);

        static Added cannot(String why) {
            return new Added(Optional.of(why), null);
        }
    }

    private final RampPlan plan;
    private final DomainFleet fleet;
    private final ConnectionRefusals refusals;
    private final LeaderGaps leaderGaps;
    private final ServerReadings readings;
    private final RampProgress status;
    private final RunListener progress;
    private int up;

    StepAdds(
            RampPlan plan,
            DomainFleet fleet,
            ConnectionRefusals refusals,
            LeaderGaps leaderGaps,
            ServerReadings readings,
            RampProgress status,
            RunListener progress) {
        this.plan = plan;
        this.fleet = fleet;
        this.refusals = refusals;
        this.leaderGaps = leaderGaps;
        this.readings = readings;
        this.status = status;
        this.progress = progress;
    }

    /** The domains up on this process. */
    int up() {
        return up;
    }

    /**
     * Brings this process's domains to its share of {@code domains}. A fault during the add is gone through
     * ({@link AddRecovery}), and the step judged on it like any other.
     *
     * @param before     the fleet as the step began
     * @param watch      the step's watch, whose events explain a chunk that failed
     * @param refinement a bisection runs: it asks for one count, and cannot judge another
     * @throws ConnectionRefusals.Refused when a server refuses the registering sessions
     */
    Added add(int domains, FleetSnapshot before, StepWatch watch, boolean refinement) throws InterruptedException {
        int mine = plan.shard().share(domains);
        int from = up;
        if (mine < from) { // a refinement step below the domains up: the surplus goes, and the load settles
            status.phase("removing " + Plural.domains(from - mine) + ", the others' job runs held");
            fleet.removeDomains(from - mine);
            up = mine;
            return Added.ALL;
        }
        long started = System.nanoTime();
        AddRecovery recovery = new AddRecovery(fleet, before, watch, leaderGaps, readings, progress);
        int added;
        try {
            added = new DomainAdder(
                            refusals.guard(fleet, domains),
                            recovery,
                            plan.addRate(),
                            plan.sessionsPerDomain(),
                            plan.addTimeout())
                    .add(mine - from, n -> status.up(plan.shard().alone() ? from + n : domains));
        } catch (DomainStartException e) {
            return Added.cannot("could not add domains up to " + domains + ": " + e.getMessage());
        }
        up = from + added;
        if (added < mine - from && !recovery.stopped()) {
            ShortAdd cut = ShortAdd.of(up, mine, Duration.ofNanos(System.nanoTime() - started), plan.addTimeout());
            // a bisection asks for one count (it cannot judge another), and shards judge the whole grid step
            if (added == 0 || refinement || !plan.shard().alone()) {
                return Added.cannot(cut.unjudgedMessage(domains, plan.addRate()));
            }
            progress.line("%s: the step is judged at the %d that did", cut.why(), up);
            return new Added(Optional.empty(), cut);
        }
        return Added.ALL;
    }
}
