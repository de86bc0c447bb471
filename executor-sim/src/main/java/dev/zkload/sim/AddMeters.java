package dev.zkload.sim;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;

/**
 * Where each {@link DomainFleet#addDomains} spent its time — writing the domains' trees, then the
 * sessions' registration — and how many znodes the trees held, tagged with the fleet's root like its
 * other meters. Made only with a registry (Micrometer is an optional dependency).
 */
final class AddMeters {
    private final Timer trees;
    private final Counter treeZnodes;
    private final Timer registration;

    /** @param meters the fleet's meters */
    AddMeters(Meters meters) {
        trees = meters.own(Timer.builder("zkload.sim.add.trees")
                .description("writing the added domains' persistent trees")
                .tags(meters.tags())
                .register(meters.registry()));
        treeZnodes = meters.own(Counter.builder("zkload.sim.add.tree.znodes")
                .description("znodes of the added domains' trees")
                .tags(meters.tags())
                .register(meters.registry()));
        registration = meters.own(Timer.builder("zkload.sim.add.registration")
                .description("the added domains' sessions registering")
                .tags(meters.tags())
                .register(meters.registry()));
    }

    void record(long treesNanos, long treeZnodes, long registrationNanos) {
        trees.record(treesNanos, TimeUnit.NANOSECONDS);
        this.treeZnodes.increment((double) treeZnodes);
        registration.record(registrationNanos, TimeUnit.NANOSECONDS);
    }
}
