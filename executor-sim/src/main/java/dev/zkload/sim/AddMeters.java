package dev.zkload.sim;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Where each {@link DomainFleet#addDomains} spent its time — writing the domains' trees, then the
 * sessions' registration — and how many znodes the trees held, tagged as the fleet's other meters. Made only
 * with a registry (Micrometer is an optional dependency). A timer's maximum is the fleet's longest add: its
 * window is the fleet's life, not Micrometer's two minutes, after which a rare add would read 0.
 */
final class AddMeters {
    /** How long a timer's maximum lasts: longer than any fleet lives. */
    static final Duration LIFETIME = Duration.ofDays(3650);

    private final Timer trees;
    private final Counter treeZnodes;
    private final Timer registration;

    /** @param meters the fleet's meters */
    AddMeters(Meters meters) {
        trees = meters.own(Timer.builder("zkload.sim.add.trees")
                .description("writing the added domains' persistent trees")
                .tags(meters.tags())
                .distributionStatisticExpiry(LIFETIME)
                .distributionStatisticBufferLength(1)
                .register(meters.registry()));
        treeZnodes = meters.own(Counter.builder("zkload.sim.add.tree.znodes")
                .description("znodes of the added domains' trees")
                .tags(meters.tags())
                .register(meters.registry()));
        registration = meters.own(Timer.builder("zkload.sim.add.registration")
                .description("the added domains' sessions registering")
                .tags(meters.tags())
                .distributionStatisticExpiry(LIFETIME)
                .distributionStatisticBufferLength(1)
                .register(meters.registry()));
    }

    void record(long treesNanos, long treeZnodes, long registrationNanos) {
        trees.record(treesNanos, TimeUnit.NANOSECONDS);
        this.treeZnodes.increment((double) treeZnodes);
        registration.record(registrationNanos, TimeUnit.NANOSECONDS);
    }
}
