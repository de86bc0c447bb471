package dev.zkload.sim;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The waits of an add: for the domains' trees, then for their sessions, {@code startBatch} at a time. Every
 * wait ends when the fleet closes, or after the add timeout naming who did not finish; the sessions' wait
 * also when the servers refuse their connections. A server past its {@code maxClientCnxns} accepts each new
 * connection from this address and closes it unanswered, so the sessions never connect: once sessions have
 * stayed unconnected for {@value #REFUSAL_GRACE_MS} ms the servers are asked (a four-letter word every
 * {@value #PROBE_MS} ms), and one that closes it unanswered ends the wait with {@link Refused} instead of the
 * add timeout, while the sessions hammer the server with connections it refuses.
 */
final class AddWaits {
    /** How long sessions stay unconnected before the servers are asked whether they refuse them. */
    static final long REFUSAL_GRACE_MS = 10_000;

    private static final long POLL_MS = 500;
    private static final long PROBE_MS = 2_000;

    /** What the fleet does with a batch, under its lock: checks it is still started, then starts each. */
    interface Starter {
        List<CompletableFuture<Void>> start(List<Supplier<CompletableFuture<Void>>> batch);
    }

    /** The servers refused the sessions' connections; the message says which and what to do. */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message, null, false, false);
        }
    }

    private final FleetSettings settings;
    private final CompletableFuture<Void> closed;
    private final Runnable stillStarted;
    private final Supplier<FleetSnapshot> snapshot;
    private final Supplier<Map<String, Long>> limits;

    /**
     * @param stillStarted throws {@link IllegalStateException} once the fleet is closed
     * @param snapshot     the fleet's counts, whose unconnected sessions start the servers' questioning
     * @param limits       each server's maxClientCnxns as the fleet read them at its start (a full server
     *                     answers no question, so they are not read again)
     */
    AddWaits(
            FleetSettings settings,
            CompletableFuture<Void> closed,
            Runnable stillStarted,
            Supplier<FleetSnapshot> snapshot,
            Supplier<Map<String, Long>> limits) {
        this.settings = settings;
        this.closed = closed;
        this.stillStarted = stillStarted;
        this.snapshot = snapshot;
        this.limits = limits;
    }

    /** Waits for {@code f}, or until the fleet closes, whichever comes first. */
    void await(CompletableFuture<?> f, String what, String who) throws InterruptedException {
        Duration timeout = settings.addTimeout();
        try {
            CompletableFuture.anyOf(f, closed).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new DomainStartException(
                    DomainStartException.Reason.ADD_TIMED_OUT,
                    who + ": " + what + " did not finish within " + timeout.toSeconds() + " s",
                    e);
        } catch (ExecutionException e) {
            stillStarted.run();
            Throwable cause = Failures.unwrap(e);
            throw new DomainStartException(
                    DomainStartException.Reason.ADD_FAILED,
                    who + ": " + what + " failed: " + cause.getMessage(),
                    cause);
        }
        stillStarted.run();
    }

    /** Starts the sessions {@code startBatch} at a time, each batch registered before the next begins. */
    void startInBatches(Starts starts, Starter starter) throws InterruptedException, Refused {
        for (int from = 0; from < starts.starts.size(); from += settings.startBatch()) {
            int to = Math.min(starts.starts.size(), from + settings.startBatch());
            List<CompletableFuture<Void>> batch = starter.start(starts.starts.subList(from, to));
            awaitConnectedOrRefused(CompletableFuture.allOf(batch.toArray(CompletableFuture[]::new)));
            for (int i = from; i < to; i++) {
                await(batch.get(i - from), "registering", starts.names.get(i));
            }
        }
    }

    /** Until the batch is done (well or not), the add timeout, the fleet's close, or the servers refuse it. */
    private void awaitConnectedOrRefused(CompletableFuture<Void> batch) throws InterruptedException, Refused {
        long begun = System.nanoTime();
        long deadline = begun + settings.addTimeout().toNanos();
        long nextProbe = begun + TimeUnit.MILLISECONDS.toNanos(REFUSAL_GRACE_MS);
        // a TLS port closes a plain four-letter word unanswered too: no questions there
        boolean ask = !settings.security().tls();
        while (System.nanoTime() < deadline) {
            try {
                CompletableFuture.anyOf(batch, closed).get(POLL_MS, TimeUnit.MILLISECONDS);
                return;
            } catch (ExecutionException e) {
                return; // a failure: the waits that follow name it
            } catch (TimeoutException e) {
                long now = System.nanoTime();
                if (ask && now >= nextProbe) {
                    nextProbe = now + TimeUnit.MILLISECONDS.toNanos(PROBE_MS);
                    refused();
                }
            }
        }
    }

    /** Throws when sessions are unconnected and a server closes new connections from this address unanswered. */
    private void refused() throws Refused {
        FleetSnapshot s = snapshot.get();
        long unconnected = s.sessionsOpen() - s.sessionsConnected();
        if (unconnected <= 0) {
            return;
        }
        List<String> closing = ConnectionLimits.closingUnanswered(settings.connectString());
        if (closing.isEmpty()) {
            return;
        }
        List<String> read = new ArrayList<>();
        limits.get().forEach((server, limit) -> {
            if (limit > 0) {
                read.add(server + " maxClientCnxns=" + limit);
            }
        });
        throw new Refused(String.join(", ", closing) + " close" + (closing.size() == 1 ? "s" : "")
                + " every new connection from this address unanswered, what a server does past its maxClientCnxns"
                + " (the most connections it takes from one client address, 60 unless its zoo.cfg says otherwise"
                + (read.isEmpty() ? "" : "; read at start: " + String.join(", ", read)) + "), so " + unconnected
                + " of the fleet's sessions could not connect");
    }
}
