package dev.zkload.sim;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;

/**
 * Where each {@link DomainFleet#addDomains} spent its time — writing the domains' trees, then the
 * sessions' registration — and how many znodes the trees held. Nothing is recorded without a registry.
 */
final class AddMeters {
    private final MeterRegistry registry;

    AddMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    void record(long treesNanos, long treeZnodes, long registrationNanos) {
        if (registry == null) {
            return;
        }
        Timer.builder("zkload.sim.add.trees")
                .description("writing the added domains' persistent trees")
                .register(registry)
                .record(treesNanos, TimeUnit.NANOSECONDS);
        Counter.builder("zkload.sim.add.tree.znodes")
                .description("znodes of the added domains' trees")
                .register(registry)
                .increment((double) treeZnodes);
        Timer.builder("zkload.sim.add.registration")
                .description("the added domains' sessions registering")
                .register(registry)
                .record(registrationNanos, TimeUnit.NANOSECONDS);
    }
}
