package dev.zkload.sim;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * The fleet's snapshot as Micrometer meters, named {@code zkload.sim.*}, each tagged with what identifies the
 * fleet ({@code fleet}, its name; {@code root}; {@code ensemble}, the servers it runs on), so that two fleets on one
 * registry are two series whatever their roots and ensembles, and kinds as {@code kind} tags. A fleet owns only the
 * meters it registered: where the registry already holds one of its ids (another fleet's of the same name, root
 * and ensemble, or a meter filter that drops the tags that tell fleets apart), it registers nothing and is refused,
 * so it never writes into nor removes a meter of another's. The fleet removes its meters when it closes.
 */
final class Meters {
    /** Meters are registered one fleet at a time, so that two fleets' look at the registry and their meters agree. */
    private static final Object REGISTERING = new Object();

    private final MeterRegistry registry;
    private final List<Tag> fleet;
    /**
     * Where every meter reads: held here because Micrometer holds a gauge's and a function counter's object only
     * weakly, and a fleet's {@code this::snapshot}, held by nothing else, would be collected at the next GC and its
     * meters would read NaN and 0 from then on. The fleet holds this object as long as it is open.
     */
    private final Supplier<FleetSnapshot> snapshot;

    private final List<Meter> meters = new ArrayList<>();
    /** The ids the registry held before this fleet registered its own. */
    private final Set<Meter.Id> before;

    private Meter.Id taken;
    private AddMeters adds;

    private Meters(MeterRegistry registry, List<Tag> fleet, Supplier<FleetSnapshot> snapshot, Set<Meter.Id> before) {
        this.registry = registry;
        this.fleet = List.copyOf(fleet);
        this.snapshot = snapshot;
        this.before = before;
    }

    /**
     * The tags that identify a fleet: its name, its root and its ensemble.
     *
     * @param name the fleet's name ({@link DomainFleet.Builder#name}), by default its root
     */
    static List<Tag> fleetTags(String name, String root, String ensemble) {
        return List.of(Tag.of("fleet", name), Tag.of("root", root), Tag.of("ensemble", ensemble));
    }

    /**
     * Registers the snapshot's meters and the adds' for the fleet of {@code fleetTags}.
     *
     * @throws IllegalStateException naming the meter the registry holds already, when one of this fleet's is
     *     there; nothing of this fleet's is then registered
     */
    static Meters register(MeterRegistry r, List<Tag> fleetTags, Supplier<FleetSnapshot> snapshot) {
        synchronized (REGISTERING) {
            Set<Meter.Id> before = new HashSet<>();
            r.getMeters().forEach(m -> before.add(m.getId()));
            Meters m = new Meters(r, fleetTags, snapshot, before);
            m.registerAll();
            if (m.taken != null) {
                m.remove();
                throw new IllegalStateException("the meter registry holds " + m.taken
                        + " already, another fleet's (the same name, root and ensemble) or a meter filter's that drops"
                        + " the tags that tell fleets apart (fleet, root, ensemble); nothing was registered: give this"
                        + " fleet a name of its own with DomainFleet.builder(..).name(..), or keep those tags");
            }
            return m;
        }
    }

    private void registerAll() {
        gauge("zkload.sim.domains", "domains registered or being registered", FleetSnapshot::domains);
        gauge("zkload.sim.sessions.open", "ZooKeeper sessions open, executors and consoles", s -> s.sessionsOpen());
        gauge("zkload.sim.sessions.connected", "of the open sessions, those connected now", s -> s.sessionsConnected());
        gauge(
                "zkload.sim.jobs.without.leader",
                "jobs whose leader host no connected executor of their domain sees",
                s -> s.jobsWithoutLeader());
        gauge(
                "zkload.sim.domains.without.console.leader",
                "domains whose console leader host no connected console of theirs sees",
                s -> s.domainsWithoutConsoleLeader());
        counter("zkload.sim.runs.started", "item runs started", s -> s.runsStarted(), null);
        counter("zkload.sim.runs.completed", "item runs completed", s -> s.runsCompleted(), null);
        counter("zkload.sim.runs.failed", "job fires that failed on a ZooKeeper error", s -> s.runsFailed(), null);
        counter(
                "zkload.sim.operations.errors",
                "requests answered with an error the simulator does not expect",
                s -> s.operationErrors(),
                null);
        for (ReshardCause cause : ReshardCause.values()) {
            counter(
                    "zkload.sim.reshards",
                    "reshards the console leaders wrote, by cause",
                    s -> s.reshardsByCause().get(cause),
                    Tag.of("cause", cause.id()));
        }
        counter("zkload.sim.reshard.writes", "znodes those reshards set", s -> s.reshardWrites(), null);
        counter(
                "zkload.sim.sharding.retries",
                "job leaders' sharding writes that met an executor still registering, written again at the next fire",
                s -> s.shardingRetries(),
                null);
        counter(
                "zkload.sim.control.session.expiries",
                "times the fleet's control session expired and was replaced, its claim taken again",
                s -> s.controlSessionExpiries(),
                null);
        counter(
                "zkload.sim.root.rewrites",
                "times the fleet found its root gone (a server back without its data) and wrote it again",
                s -> s.rootRewrites(),
                null);
        for (SessionEvent kind : SessionEvent.values()) {
            counter(
                    "zkload.sim.session.events",
                    "connection events of the simulated sessions, by kind",
                    s -> s.sessionEvents().get(kind),
                    Tag.of("kind", kind.id()));
        }
        for (Operation kind : Operation.values()) {
            counter(
                    "zkload.sim.operations",
                    "ZooKeeper requests the simulated sessions sent, by kind",
                    s -> s.operations().get(kind),
                    Tag.of("kind", kind.id()));
        }
        for (FailureKind kind : FailureKind.values()) {
            counter(
                    "zkload.sim.failures",
                    "background work that failed, by kind",
                    s -> s.failures().get(kind),
                    Tag.of("kind", kind.id()));
        }
        adds = new AddMeters(this);
    }

    /** The timers and the counter of each add, this fleet's. */
    AddMeters adds() {
        return adds;
    }

    /** The tags of every meter of this fleet: those that identify it, then {@code more}. */
    List<Tag> tags(Tag... more) {
        List<Tag> tags = new ArrayList<>(fleet);
        tags.addAll(List.of(more));
        return tags;
    }

    /**
     * Keeps a meter this fleet registered, to remove it with the others; one the registry held before is not this
     * fleet's, and refuses the fleet its meters.
     */
    <M extends Meter> M own(M meter) {
        synchronized (meters) {
            if (before.contains(meter.getId())) {
                if (taken == null) {
                    taken = meter.getId();
                }
            } else {
                meters.add(meter);
            }
        }
        return meter;
    }

    MeterRegistry registry() {
        return registry;
    }

    /** Removes every meter of this fleet from the registry, and no other. */
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
