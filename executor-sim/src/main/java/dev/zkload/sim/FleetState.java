package dev.zkload.sim;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;

/** Counters shared by every simulated session of a fleet: what the snapshot and the meters show. */
final class FleetState {
    private final OpCounters ops = new OpCounters();
    private final Failures failures = new Failures();
    private final LongAdder sessionsOpen = new LongAdder();
    private final LongAdder runsStarted = new LongAdder();
    private final LongAdder runsCompleted = new LongAdder();
    private final LongAdder runsFailed = new LongAdder();
    private final Map<SessionEvent, LongAdder> sessionEvents = new EnumMap<>(SessionEvent.class);
    private final boolean jobRuns;
    private final LongConsumer fireLag;

    FleetState(boolean jobRuns, LongConsumer fireLag) {
        this.jobRuns = jobRuns;
        this.fireLag = fireLag;
        for (SessionEvent e : SessionEvent.values()) {
            sessionEvents.put(e, new LongAdder());
        }
    }

    /** How late a fire began against its cron instant, µs. */
    void fireLag(long lateMicros) {
        fireLag.accept(Math.max(0, lateMicros));
    }

    /** False when the fleet holds its domains without firing jobs. */
    boolean jobRuns() {
        return jobRuns;
    }

    OpCounters ops() {
        return ops;
    }

    Failures failures() {
        return failures;
    }

    void sessionOpened() {
        sessionsOpen.increment();
    }

    void sessionClosed() {
        sessionsOpen.decrement();
    }

    void sessionEvent(SessionEvent event) {
        sessionEvents.get(event).increment();
    }

    void runStarted() {
        runsStarted.increment();
    }

    void runCompleted() {
        runsCompleted.increment();
    }

    void runFailed() {
        runsFailed.increment();
    }

    long sessionsOpen() {
        return sessionsOpen.sum();
    }

    long runsStarted() {
        return runsStarted.sum();
    }

    long runsCompleted() {
        return runsCompleted.sum();
    }

    long runsFailed() {
        return runsFailed.sum();
    }

    Map<SessionEvent, Long> sessionEvents() {
        Map<SessionEvent, Long> map = new EnumMap<>(SessionEvent.class);
        sessionEvents.forEach((k, v) -> map.put(k, v.sum()));
        return map;
    }
}
