package dev.zkload.sim;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The domains' tree writes still in flight, which {@link DomainFleet#close()} waits for before it deletes the
 * root: a write that lands after the delete would leave its znodes behind.
 */
final class InFlightWrites {
    /** Futures compare by identity, hence the explicit == below. */
    private final List<CompletableFuture<Void>> writes = new CopyOnWriteArrayList<>();

    void track(CompletableFuture<Void> write) {
        writes.add(write);
        var unused = write.whenComplete((v, e) -> writes.removeIf(f -> f == write));
    }

    /** Waits for every write in flight to end, at most {@code timeout}; how each ended is its adder's to report. */
    void await(Duration timeout) throws InterruptedException {
        try {
            CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new))
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // the adder reports its own failure; the root goes anyway
        }
    }
}
