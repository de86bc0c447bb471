package dev.zkload.bench.ops;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;

/** Counts the node-deleted notifications of the watch phase and remembers when the last one came. */
final class WatchCounter implements Watcher {
    private final AtomicLong received = new AtomicLong();
    private volatile long lastNanos;

    @Override
    public void process(WatchedEvent event) {
        if (event.getType() == Event.EventType.NodeDeleted) {
            lastNanos = System.nanoTime();
            received.incrementAndGet();
        }
    }

    long received() {
        return received.get();
    }

    long lastNanos() {
        return lastNanos;
    }
}
