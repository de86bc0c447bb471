package dev.zkload.sim;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
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
    private final Map<ReshardCause, LongAdder> reshards = new EnumMap<>(ReshardCause.class);
    private final LongAdder reshardWrites = new LongAdder();
    private final LongAdder shardingRetries = new LongAdder();
    private final LongAdder controlSessionExpiries = new LongAdder();
    private final LongAdder rootRewrites = new LongAdder();
    private final Map<SessionEvent, LongAdder> sessionEvents = new EnumMap<>(SessionEvent.class);
    private final FireLedger fires = new FireLedger();
    private final boolean jobRuns;
    private final LongConsumer fireLag;
    /** Removals under way; while any is, no job fires (see {@link FleetImpl#removeDomains(int, boolean)}). */
    private final AtomicInteger holds = new AtomicInteger();

    FleetState(boolean jobRuns, LongConsumer fireLag) {
        this.jobRuns = jobRuns;
        this.fireLag = fireLag;
        for (SessionEvent e : SessionEvent.values()) {
            sessionEvents.put(e, new LongAdder());
        }
        for (ReshardCause c : ReshardCause.values()) {
            reshards.put(c, new LongAdder());
        }
    }

    /** How late a fire began against its cron instant, µs; a fire skipped while runs are held has no lateness. */
    void fireLag(long lateMicros) {
        if (runsHeld()) {
            return;
        }
        fireLag.accept(Math.max(0, lateMicros));
    }

    /** False when the fleet holds its domains without firing jobs. */
    boolean jobRuns() {
        return jobRuns;
    }

    /** Holds every domain's job runs and statistics writes until as many {@link #releaseRuns()}. */
    void holdRuns() {
        holds.incrementAndGet();
    }

    void releaseRuns() {
        holds.decrementAndGet();
    }

    /** True while a removal holds the runs: a fire or statistics write due now is skipped. */
    boolean runsHeld() {
        return holds.get() > 0;
    }

    /** Every job fire that came due, and whether it was delivered. */
    FireLedger fires() {
        return fires;
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

    /** A console leader's reshard committed its multi, setting {@code znodes} assignments. */
    void resharded(ReshardCause cause, int znodes) {
        reshards.get(cause).increment();
        reshardWrites.add(znodes);
    }

    /** A job leader's sharding write met an executor still registering; the job's next fire writes it again. */
    void shardingRetried() {
        shardingRetries.increment();
    }

    /** The control session expired and Curator replaced it (the claim is then taken again). */
    void controlSessionExpired() {
        controlSessionExpiries.increment();
    }

    /** The root was found gone (a server back without its data) and is written again with every domain's tree. */
    void rootRewritten() {
        rootRewrites.increment();
    }

    /** A reshard set one more znode after its multi (the sharding content, the count). */
    void reshardWrote() {
        reshardWrites.increment();
    }

    long sessionsOpen() {
        return sessionsOpen.sum();
    }

    Map<SessionEvent, Long> sessionEvents() {
        Map<SessionEvent, Long> map = new EnumMap<>(SessionEvent.class);
        sessionEvents.forEach((k, v) -> map.put(k, v.sum()));
        return map;
    }

    Map<ReshardCause, Long> reshardsByCause() {
        Map<ReshardCause, Long> map = new EnumMap<>(ReshardCause.class);
        reshards.forEach((k, v) -> map.put(k, v.sum()));
        return map;
    }

    /** These counters with what only the fleet knows: its domains and their sessions. */
    FleetSnapshot snapshot(
            int domains,
            int executors,
            int consoles,
            int jobs,
            long sessionsConnected,
            long jobsWithoutLeader,
            int domainsWithoutConsoleLeader) {
        return FleetSnapshot.builder()
                .domains(domains)
                .executors(executors)
                .consoles(consoles)
                .jobs(jobs)
                .sessionsOpen(sessionsOpen.sum())
                .sessionsConnected(sessionsConnected)
                .runsStarted(runsStarted.sum())
                .runsCompleted(runsCompleted.sum())
                .runsFailed(runsFailed.sum())
                .operations(ops.snapshot())
                .operationErrors(ops.errors())
                .operationErrorCodes(ops.errorCodes())
                .sessionEvents(sessionEvents())
                .failures(failures.snapshot())
                .reshardsByCause(reshardsByCause())
                .reshardWrites(reshardWrites.sum())
                .shardingRetries(shardingRetries.sum())
                .controlSessionExpiries(controlSessionExpiries.sum())
                .rootRewrites(rootRewrites.sum())
                .jobsWithoutLeader(jobsWithoutLeader)
                .domainsWithoutConsoleLeader(domainsWithoutConsoleLeader)
                .build();
    }
}
