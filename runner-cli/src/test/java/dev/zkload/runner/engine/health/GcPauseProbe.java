package dev.zkload.runner.engine.health;

import java.util.ArrayList;
import java.util.List;

/**
 * A JVM that collects a large live heap in full, stop-the-world collections and prints how long its longest pause
 * was and how long its collector worked in it ({@link GcPauses}): run by {@link GcPausesIT} in a child JVM, as the
 * machine it stands on allows.
 */
public final class GcPauseProbe {
    private GcPauseProbe() {}

    public static void main(String[] args) throws Exception {
        int megabytes = Integer.parseInt(args[0]);
        int collections = Integer.parseInt(args[1]);
        try (GcPauses gc = new GcPauses()) {
            List<byte[]> live = new ArrayList<>();
            for (int i = 0; i < megabytes * 16; i++) {
                // small arrays, many references: a collection that has to trace them all
                live.add(new byte[64 * 1024]);
            }
            gc.longestAndReset();
            for (int i = 0; i < collections; i++) {
                System.gc();
            }
            // the notifications come on their own thread, after each collection
            Thread.sleep(500);
            GcPauses.Longest l = gc.longestAndReset();
            System.out.println("pause=" + l.pauseMs() + " work=" + l.workMs() + " live=" + live.size());
        }
    }
}
