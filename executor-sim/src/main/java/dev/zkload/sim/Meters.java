package dev.zkload.sim;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.function.Supplier;

/** The fleet's snapshot as Micrometer meters, named {@code zkload.sim.*}; kinds are tags. */
final class Meters {
    private Meters() {}

    static void register(MeterRegistry r, Supplier<FleetSnapshot> snapshot) {
        Gauge.builder("zkload.sim.domains", () -> snapshot.get().domains()).register(r);
        Gauge.builder("zkload.sim.sessions.open", () -> snapshot.get().sessionsOpen())
                .register(r);
        Gauge.builder("zkload.sim.sessions.connected", () -> snapshot.get().sessionsConnected())
                .register(r);
        FunctionCounter.builder(
                        "zkload.sim.runs.started", snapshot, s -> s.get().runsStarted())
                .register(r);
        FunctionCounter.builder(
                        "zkload.sim.runs.completed", snapshot, s -> s.get().runsCompleted())
                .register(r);
        FunctionCounter.builder("zkload.sim.runs.failed", snapshot, s -> s.get().runsFailed())
                .register(r);
        FunctionCounter.builder(
                        "zkload.sim.operations.errors", snapshot, s -> s.get().operationErrors())
                .register(r);
        FunctionCounter.builder("zkload.sim.reshards", snapshot, s -> s.get().reshards())
                .register(r);
        FunctionCounter.builder(
                        "zkload.sim.reshard.writes", snapshot, s -> s.get().reshardWrites())
                .register(r);
        for (SessionEvent kind : SessionEvent.values()) {
            FunctionCounter.builder("zkload.sim.session.events", snapshot, s -> s.get()
                            .sessionEvents()
                            .get(kind))
                    .tag("kind", kind.id())
                    .register(r);
        }
        for (Operation kind : Operation.values()) {
            FunctionCounter.builder("zkload.sim.operations", snapshot, s -> s.get()
                            .operations()
                            .get(kind))
                    .tag("kind", kind.id())
                    .register(r);
        }
        for (FailureKind kind : FailureKind.values()) {
            FunctionCounter.builder("zkload.sim.failures", snapshot, s -> s.get()
                            .failures()
                            .get(kind))
                    .tag("kind", kind.id())
                    .register(r);
        }
    }
}
