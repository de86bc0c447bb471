package dev.zkload.bench.stats;

import dev.zkload.bench.threads.DaemonThreads;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the sampler's rounds at a fixed rate, and says how late each start was on a clock that
 * nothing else runs on. The ticker's thread only notes the time and hands the round to the round's own
 * thread — no read, no file, not even a log line, as any of them may block — so its lateness is the
 * runner's own (short of CPU, paused by GC or a safepoint), and a round that takes long, whatever it
 * waits on, can never make the next start look late. When the rounds ran on the ticker's thread, a
 * round held up while a leader died (its CSV rows written to a disk busy with the election's fsyncs, a
 * listener) delayed the next ones by seconds, booked as the runner's lateness.
 *
 * <p>A round still running when the next is due is not queued behind it (rounds would then bunch up
 * and report old news): that start is skipped, and the round says in the log how many it cost.
 */
final class RoundTicker implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RoundTicker.class);

    private final Duration interval;
    private final LongConsumer lateMicros;
    private final Runnable round;
    private final ScheduledExecutorService ticker;
    private final ExecutorService rounds;
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicInteger skipped = new AtomicInteger();
    private long firstNanos;
    private long ticks;

    /** @param lateMicros told how late each start was, µs, on the ticker's thread; may be null */
    RoundTicker(String name, Duration interval, LongConsumer lateMicros, Runnable round) {
        this.interval = interval;
        this.lateMicros = lateMicros;
        this.round = round;
        this.ticker = Executors.newSingleThreadScheduledExecutor(DaemonThreads.factory(name));
        this.rounds = Executors.newSingleThreadExecutor(DaemonThreads.factory(name + "-round"));
    }

    /** The first round starts at once, round n at {@code first + n × interval}. */
    void start() {
        firstNanos = System.nanoTime();
        // ends with the ticker at close()
        var unused = ticker.scheduleAtFixedRate(this::tick, 0, interval.toNanos(), TimeUnit.NANOSECONDS);
    }

    private void tick() {
        long now = System.nanoTime();
        long due = firstNanos + ticks++ * interval.toNanos();
        if (lateMicros != null) {
            lateMicros.accept(Math.max(0, now - due) / 1000);
        }
        if (!running.compareAndSet(false, true)) {
            skipped.incrementAndGet();
            return;
        }
        rounds.execute(() -> {
            try {
                round.run();
            } finally {
                int missed = skipped.getAndSet(0);
                long tookMillis = (System.nanoTime() - now) / 1_000_000;
                if (missed > 0 && tookMillis >= interval.toMillis()) {
                    LOG.warn(
                            "a statistics round took {} ms from its start (interval {} ms): {} start(s) due meanwhile were skipped",
                            tookMillis,
                            interval.toMillis(),
                            missed);
                } else if (missed > 0) {
                    // a round shorter than the interval met the next start only because this one came late: the
                    // ticker's lateness, reported as the runner's, not a slow round
                    LOG.debug(
                            "a statistics round started late and ran {} ms: {} start(s) due meanwhile were skipped",
                            tookMillis,
                            missed);
                }
                running.set(false);
            }
        });
    }

    /** Stops the ticks and waits for the round in progress to end: 5 s for each of the two threads at most. */
    @Override
    public void close() {
        ticker.shutdownNow();
        rounds.shutdownNow();
        try {
            ticker.awaitTermination(5, TimeUnit.SECONDS);
            rounds.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
