package dev.zkload.runner.engine.experiment;

import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.threads.DaemonThreads;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The most requests the leader, any follower and any observer held outstanding while a level ran
 * ({@link QueueMaxima}): read from every server's {@code mntr} four times a second, because a queue that
 * builds up and drains within a phase is gone by the time the phase ends.
 */
final class OutstandingWatch implements AutoCloseable {
    private static final long PERIOD_MS = 250;

    private final PreparedRun run;
    private final ScheduledExecutorService timer;
    private final QueueMaxima maxima = new QueueMaxima();
    private final AtomicLong rounds = new AtomicLong();

    private OutstandingWatch(PreparedRun run) {
        this.run = run;
        this.timer = Executors.newSingleThreadScheduledExecutor(DaemonThreads.factory("zkload-outstanding"));
    }

    static OutstandingWatch start(PreparedRun run) {
        OutstandingWatch watch = new OutstandingWatch(run);
        // read() keeps every failure of a round to itself, so the schedule's future has nothing to report
        var unused = watch.timer.scheduleAtFixedRate(watch::read, 0, PERIOD_MS, TimeUnit.MILLISECONDS);
        return watch;
    }

    private void read() {
        for (ServerAddress server : run.target().servers()) {
            try {
                ServerStats stats = run.stats().monitor(server);
                maxima.offer(stats.state(), stats.outstandingRequests());
            } catch (IOException | RuntimeException e) {
                // a server that does not answer this round is read in the next one
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        rounds.incrementAndGet();
    }

    /**
     * Adds the maxima seen to {@code measured}; a role never read (no follower, no observer, or no answer) is left
     * out.
     */
    void describe(Map<String, Double> measured) {
        maxima.describe(measured);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
