package dev.zkload.sim.internal;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;

/** Counters shared by every simulated session of a fleet: what the snapshot and the meters show. */
public final class FleetState {
    private final OpCounters ops = new OpCounters();
    private final LongAdder sessionsOpen = new LongAdder();
    private final LongAdder runsStarted = new LongAdder();
    private final LongAdder runsCompleted = new LongAdder();
    private final LongAdder runsFailed = new LongAdder();
    private final Map<String, LongAdder> sessionEvents = new ConcurrentHashMap<>();
    private final boolean jobRuns;
    private final LongConsumer fireLag;

    FleetState(boolean jobRuns, LongConsumer fireLag) {
        this.jobRuns = jobRuns;
        this.fireLag = fireLag;
    }

    /** How late a fire began against its cron instant, µs. */
    void fireLag(long lateMicros) {
        fireLag.accept(Math.max(0, lateMicros));
    }

    /** False when the fleet holds its domains without firing jobs. */
    boolean jobRuns() {
        return jobRuns;
    }

    public OpCounters ops() {
        return ops;
    }

    void sessionOpened() {
        sessionsOpen.increment();
    }

    void sessionClosed() {
        sessionsOpen.decrement();
    }

    void sessionEvent(String kind, int delta) {
        sessionEvents.computeIfAbsent(kind, k -> new LongAdder()).add(delta);
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

    public long sessionsOpen() {
        return sessionsOpen.sum();
    }

    public long runsStarted() {
        return runsStarted.sum();
    }

    public long runsCompleted() {
        return runsCompleted.sum();
    }

    public long runsFailed() {
        return runsFailed.sum();
    }

    public Map<String, Long> sessionEvents() {
        Map<String, Long> map = new TreeMap<>();
        sessionEvents.forEach((k, v) -> map.put(k, v.sum()));
        return map;
    }
}
