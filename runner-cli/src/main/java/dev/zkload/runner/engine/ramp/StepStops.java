package dev.zkload.runner.engine.ramp;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What ends a step's settle and measurement early, checked twice a second on the ramp's thread: a saturated
 * leader, an ensemble without a leader for {@link StopRules#LEADERLESS_LIMIT}, or a server refusing this
 * runner's connections. A refusal ends the step within seconds whatever its phase (the benchmark polls it too),
 * and from then on the status line says so instead of the phases the step no longer goes through.
 */
final class StepStops {
    private static final long POLL_NANOS = Duration.ofMillis(500).toNanos();

    private final SaturationDetector detector;
    private final Supplier<Duration> leaderless;
    private final ConnectionRefusals refusals;
    private final Consumer<String> status;
    private int domains;
    // read by phase() on the benchmark's thread without the monitor, which a refusal check may hold for seconds
    private volatile Optional<String> refused = Optional.empty();
    private long checked;
    /** Before the first load step (during the baseline) nothing is checked: only a load step stops for refusals. */
    private boolean inStep;

    /**
     * @param leaderless how long the ensemble has been without a leader now
     * @param status     the status line's phase
     */
    StepStops(
            SaturationDetector detector,
            Supplier<Duration> leaderless,
            ConnectionRefusals refusals,
            Consumer<String> status) {
        this.detector = detector;
        this.leaderless = leaderless;
        this.refusals = refusals;
        this.status = status;
    }

    /** A load step to {@code domains} begins: its refusals are counted afresh. */
    synchronized void beginStep(int domains) {
        this.domains = domains;
        refused = Optional.empty();
        checked = System.nanoTime() - POLL_NANOS;
        inStep = true;
        refusals.beginStep();
        status.accept("adding");
    }

    /** The step holds fewer domains than it set out to add (its add ran out of time): refusals name those. */
    synchronized void holding(int domains) {
        this.domains = domains;
    }

    /** The sentence naming the refusals this step met, once one was seen; asks the servers at most twice a second. */
    synchronized Optional<String> refused() {
        long now = System.nanoTime();
        if (inStep && refused.isEmpty() && now - checked >= POLL_NANOS) {
            checked = now;
            refused = refusals.refused(domains, false);
            if (refused.isPresent()) {
                status.accept("a server refuses connections (maxClientCnxns): ending the step");
            }
        }
        return refused;
    }

    /** The step's phase on the status line, unless the step is already ending for refusals. */
    void phase(String name) {
        if (refused.isEmpty()) {
            status.accept(name);
        }
    }

    /** A benchmark's failure in words: a server refusing this runner's connections looks like one that is down. */
    String benchFailure(String message) {
        return refused().isEmpty()
                ? message
                : message + " — though the ensemble is up: a server refused this runner's connections in this step"
                        + " (its maxClientCnxns met), the benchmark's among them";
    }

    /** Waits up to {@code d}: a saturated leader, a lost quorum or a refusing server ends the wait at once. */
    void watchFor(Duration d) throws InterruptedException {
        Instant end = Instant.now().plus(d);
        while (Instant.now().isBefore(end) && !over()) {
            Thread.sleep(Math.max(
                    1,
                    Math.min(
                            POLL_NANOS / 1_000_000,
                            Duration.between(Instant.now(), end).toMillis())));
        }
    }

    private boolean over() {
        return detector.saturated()
                || leaderless.get().compareTo(StopRules.LEADERLESS_LIMIT) >= 0
                || refused().isPresent();
    }
}
