package dev.zkload.sim;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * The fleet's snapshot as Micrometer meters, named {@code zkload.sim.*}, each tagged with the fleet's
 * {@code root} (two fleets on one registry show as two series) and kinds as {@code kind} tags. The fleet
 * removes them from the registry when it closes.
 */
final class Meters {
    /** The tag that tells fleets apart: their root. */
    static final String ROOT_TAG = "root";

    private final MeterRegistry registry;
    private final Tag root;
    /**
     * Where every meter reads: held here because Micrometer holds a gauge's and a function counter's object only
     * weakly, and a fleet's {@code this::snapshot}, held by nothing else, would be collected at the next GC and its
     * meters would read NaN and 0 from then on. The fleet holds this object as long as it is open.
     */
    private final Supplier<FleetSnapshot> snapshot;

    private final List<Meter> meters = new ArrayList<>();

    private Meters(MeterRegistry registry, String root, Supplier<FleetSnapshot> snapshot) {
        this.registry = registry;
        this.root = Tag.of(ROOT_TAG, root);
        this.snapshot = snapshot;
    }

    /** Registers the snapshot's meters for the fleet on {@code root}. */
    static Meters register(MeterRegistry r, String root, Supplier<FleetSnapshot> snapshot) {
        Meters m = new Meters(r, root, snapshot);
        m.gauge("zkload.sim.domains", "domains registered or being registered", FleetSnapshot::domains);
        m.gauge("zkload.sim.sessions.open", "ZooKeeper sessions open, executors and consoles", s -> s.sessionsOpen());
        m.gauge(
                "zkload.sim.sessions.connected",
                "of the open sessions, those connected now",
                s -> s.sessionsConnected());
        m.gauge(
                "zkload.sim.jobs.without.leader",
                "jobs whose leader host no executor of their domain sees",
                s -> s.jobsWithoutLeader());
        m.gauge(
                "zkload.sim.domains.without.console.leader",
                "domains whose console leader host no console of theirs sees",
                s -> s.domainsWithoutConsoleLeader());
        m.counter("zkload.sim.runs.started", "item runs started", s -> s.runsStarted(), null);
        m.counter("zkload.sim.runs.completed", "item runs completed", s -> s.runsCompleted(), null);
        m.counter("zkload.sim.runs.failed", "job fires that failed on a ZooKeeper error", s -> s.runsFailed(), null);
        m.counter(
                "zkload.sim.operations.errors",
                "requests answered with an error the simulator does not expect",
                s -> s.operationErrors(),
                null);
        m.counter("zkload.sim.reshards", "reshards the console leaders wrote", s -> s.reshards(), null);
        m.counter("zkload.sim.reshard.writes", "znodes those reshards set", s -> s.reshardWrites(), null);
        for (SessionEvent kind : SessionEvent.values()) {
            m.counter(
                    "zkload.sim.session.events",
                    "connection events of the simulated sessions, by kind",
                    s -> s.sessionEvents().get(kind),
                    Tag.of("kind", kind.id()));
        }
        for (Operation kind : Operation.values()) {
            m.counter(
                    "zkload.sim.operations",
                    "ZooKeeper requests the simulated sessions sent, by kind",
                    s -> s.operations().get(kind),
                    Tag.of("kind", kind.id()));
        }
        for (FailureKind kind : FailureKind.values()) {
            m.counter(
                    "zkload.sim.failures",
                    "background work that failed, by kind",
                    s -> s.failures().get(kind),
                    Tag.of("kind", kind.id()));
        }
        return m;
    }

    /** The tags of every meter of this fleet: its root, then {@code more}. */
    List<Tag> tags(Tag... more) {
        List<Tag> tags = new ArrayList<>(List.of(root));
        tags.addAll(List.of(more));
        return tags;
    }

    /** Keeps a meter this fleet registered, to remove it with the others. */
    <M extends Meter> M own(M meter) {
        synchronized (meters) {
            meters.add(meter);
        }
        return meter;
    }

    MeterRegistry registry() {
        return registry;
    }

    /** Removes every meter of this fleet from the registry. */
    void remove() {
        synchronized (meters) {
            meters.forEach(registry::remove);
            meters.clear();
        }
    }

    private void gauge(String name, String description, ToDoubleFunction<FleetSnapshot> f) {
        own(Gauge.builder(name, snapshot, s -> f.applyAsDouble(s.get()))
                .description(description)
                .tags(tags())
                .register(registry));
    }

    private void counter(String name, String description, ToDoubleFunction<FleetSnapshot> f, Tag kind) {
        own(FunctionCounter.builder(name, snapshot, s -> f.applyAsDouble(s.get()))
                .description(description)
                .tags(kind == null ? tags() : tags(kind))
                .register(registry));
    }
}
