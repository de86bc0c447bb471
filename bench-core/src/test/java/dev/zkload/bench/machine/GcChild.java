package dev.zkload.bench.machine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A JVM the tests start with chosen GC flags. {@code garbage MS}: allocates short-lived garbage for MS
 * milliseconds, prints what its own GarbageCollectorMXBeans say ({@code GC name count timeMs}) and its old
 * generation's maximum, then {@code DONE}, and lives until its standard input closes. {@code oom}: waits for a
 * line on its standard input, then keeps everything it allocates until its heap runs out.
 */
public final class GcChild {
    /** What the out-of-memory run keeps reachable: all it allocates. */
    static final List<byte[]> KEPT = new ArrayList<>();

    private GcChild() {}

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        if (args[0].equals("oom")) {
            in.readLine();
            while (true) {
                KEPT.add(new byte[10_000]);
            }
        }
        long end = System.nanoTime() + Long.parseLong(args[1]) * 1_000_000;
        List<byte[]> young = new ArrayList<>();
        long sum = 0;
        while (System.nanoTime() < end) {
            young.add(new byte[10_000]);
            if (young.size() > 200) {
                sum += young.size();
                young.clear();
            }
        }
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            System.out.println("GC " + gc.getName().replace(' ', '_') + " " + gc.getCollectionCount() + " "
                    + gc.getCollectionTime());
        }
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getName().contains("Old")) {
                System.out.println("OLDMAX " + pool.getUsage().getMax());
            }
        }
        System.out.println("HEAPMAX " + Runtime.getRuntime().maxMemory());
        System.out.println("DONE " + sum);
        System.out.flush();
        while (in.read() >= 0) {
            // lives until the test closes its input
        }
    }
}
