package dev.zkload.sim;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * A simulated process's registration after its session expired, tried again every {@value #RETRY_MS} ms
 * on the same session while it fails, as Saturn's restart thread tries: a connection lost on the way, or
 * a tree the servers lost (a server that came back without its data) until the fleet writes it again.
 * Each failed try is counted ({@link FailureKind#REGISTRATION}); a retry whose registration a later one
 * replaced (a new expiry) does nothing.
 */
final class RegistrationRetry {
    /** Between two tries. */
    static final long RETRY_MS = 5_000;

    private final Session session;
    private final ScheduledExecutorService scheduler;
    private final Supplier<CompletableFuture<Void>> again;
    private final AtomicInteger tries = new AtomicInteger();

    /** @param again forgets what the failed try left (caches, timers) and registers once more on the current session */
    RegistrationRetry(Session session, ScheduledExecutorService scheduler, Supplier<CompletableFuture<Void>> again) {
        this.session = session;
        this.scheduler = scheduler;
        this.again = again;
    }

    /** Watches the registration that follows an expiry. */
    void afterExpiry(CompletableFuture<Void> registration) {
        watch(tries.incrementAndGet(), registration);
    }

    private void watch(int n, CompletableFuture<Void> registration) {
        var unused = registration.whenComplete((v, e) -> {
            if (e == null || session.isClosed()) {
                return;
            }
            session.failed(FailureKind.REGISTRATION, e);
            try {
                var unusedRetry = scheduler.schedule(
                        () -> {
                            if (session.zk() != null && !session.isClosed() && tries.compareAndSet(n, n + 1)) {
                                watch(n + 1, again.get());
                            }
                        },
                        RETRY_MS,
                        TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException closing) {
                // the fleet is closing: nothing to try again
            }
        });
    }
}
