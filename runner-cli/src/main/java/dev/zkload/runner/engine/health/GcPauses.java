package dev.zkload.runner.engine.health;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The longest stop-the-world GC pause of this JVM since the last reading, from the collectors' own
 * notifications, and the longest its collector worked ({@link GcWork}): a pause far longer than its work waited
 * for a core. Concurrent cycles (ZGC's and Shenandoah's "Cycles" collectors) run beside the
 * application and are not pauses, so they are left out.
 */
final class GcPauses implements AutoCloseable {
    /** The window's longest pause and the longest work of any of its pauses, ms; work NaN where not read. */
    record Longest(long pauseMs, double workMs) {}

    private final GcWork work = new GcWork();
    private long longestMs;
    private double longestWorkMs;
    private boolean workUnread;
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
        java.util.OptionalDouble worked = work.sinceLastCall();
        synchronized (this) {
            longestMs = Math.max(longestMs, ms);
            if (worked.isPresent()) {
                // never longer than the pause: threads that ran before it, between two notifications, are not its work
                longestWorkMs = Math.max(longestWorkMs, Math.min((double) ms, worked.getAsDouble()));
            } else {
                workUnread = true;
            }
        }
    }

    /** The longest pause and work since the previous call, and starts over. */
    synchronized Longest longestAndReset() {
        Longest l = new Longest(longestMs, workUnread ? Double.NaN : longestWorkMs);
        longestMs = 0;
        longestWorkMs = 0;
        workUnread = false;
        return l;
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
