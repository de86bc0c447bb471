package dev.zkload.runner.engine.health;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The longest stop-the-world GC pause of this JVM since the last reading, from the collectors' own
 * notifications. Concurrent cycles (ZGC's and Shenandoah's "Cycles" collectors) run beside the
 * application and are not pauses, so they are left out.
 */
final class GcPauses implements AutoCloseable {
    private final AtomicLong longestMs = new AtomicLong();
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final NotificationListener listener = this::onNotification;

    GcPauses() {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter && !gc.getName().endsWith("Cycles")) {
                emitter.addNotificationListener(listener, null, null);
                emitters.add(emitter);
            }
        }
    }

    private void onNotification(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        long ms = info.getGcInfo().getDuration();
        longestMs.accumulateAndGet(ms, Math::max);
    }

    /** The longest pause since the previous call, ms, and starts over. */
    long longestMsAndReset() {
        return longestMs.getAndSet(0);
    }

    @Override
    public void close() {
        for (NotificationEmitter e : emitters) {
            try {
                e.removeNotificationListener(listener);
            } catch (ListenerNotFoundException ignored) {
                // never added
            }
        }
    }
}
