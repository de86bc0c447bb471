package dev.zkload.bench.machine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The garbage-collection counters a HotSpot JVM of this machine publishes about itself, read from its
 * {@code hsperfdata} file (what {@code jstat -gcutil} reads): its stop-the-world pauses so far, its last pause,
 * how full its old generation (or its heap) is, and the cause of its last collection. Nothing is asked of the
 * JVM or the user: the file is {@code /tmp/hsperfdata_<user>/<pid>}, read afresh at each call (a few tens of KB).
 *
 * <p>On Linux HotSpot keeps the file under {@code /tmp} whatever {@code -Djava.io.tmpdir} says (that property
 * moves the JVM's temporary files, not this one), so no other directory is looked in; the user's name is not
 * looked up either, every {@code hsperfdata_*} directory holding a file of the JVM's pid being tried, the one
 * whose JVM started when the process did winning (a dead JVM's file may stay behind under a reused pid). A JVM in
 * a container keeps its file in its own {@code /tmp}, named with the pid it knows itself by.
 *
 * <p>There is nothing to read, and so no counters, when the JVM was started with {@code -XX:-UsePerfData} or
 * {@code -XX:+PerfDisableSharedMem}, is not HotSpot, belongs to a user whose file this one may not read, or has
 * not yet finished writing the file.
 */
public final class HotSpotCounters {
    private static final String COLLECTOR = "sun.gc.collector.";
    private static final int MAX_COLLECTORS = 8;
    /** Far above what HotSpot writes ({@code -XX:PerfDataMemorySize}, 32 KB by default on JDK 17). */
    private static final long MAX_FILE = 16 << 20;

    private final Instant vmStarted;
    private final long hz;
    private final List<Collector> collectors;
    private final Occupancy occupancy;
    private final String lastCause;
    private final boolean overheadLimitExceeded;

    private HotSpotCounters(
            Instant vmStarted,
            long hz,
            List<Collector> collectors,
            Occupancy occupancy,
            String lastCause,
            boolean overheadLimitExceeded) {
        this.vmStarted = vmStarted;
        this.hz = hz;
        this.collectors = List.copyOf(collectors);
        this.occupancy = occupancy;
        this.lastCause = lastCause;
        this.overheadLimitExceeded = overheadLimitExceeded;
    }

    /**
     * How a collector's counters count: HotSpot names each collector after what its invocations are. Under G1,
     * Parallel and Serial every collector is stop-the-world: a young and a full one, and G1's third (since JDK
     * 15) counts its remark and cleanup pauses. ZGC's counters count its pauses (three short ones each cycle)
     * and never its concurrent work. Shenandoah's do not fit: its "full" collector counts every cycle,
     * concurrent ones included, timed whole, so its pauses cannot be told from them (its GC log tells them).
     */
    enum Kind {
        YOUNG,
        FULL,
        OTHER_PAUSES,
        NOT_PAUSES
    }

    /** The collectors HotSpot has named, from JDK 8 on, and what their counters count. */
    private static final Map<String, Kind> KINDS = Map.ofEntries(
            Map.entry("G1 young collection pauses", Kind.YOUNG),
            Map.entry("G1 full collection pauses", Kind.FULL),
            Map.entry("G1 concurrent cycle pauses", Kind.OTHER_PAUSES),
            Map.entry("Parallel young collection pauses", Kind.YOUNG),
            Map.entry("Parallel full collection pauses", Kind.FULL),
            Map.entry("Serial young collection pauses", Kind.YOUNG),
            Map.entry("Serial full collection pauses", Kind.FULL),
            Map.entry("Z concurrent cycle pauses", Kind.OTHER_PAUSES),
            Map.entry("ZGC minor collection pauses", Kind.OTHER_PAUSES),
            Map.entry("ZGC major collection pauses", Kind.OTHER_PAUSES),
            Map.entry("Shenandoah partial", Kind.NOT_PAUSES),
            Map.entry("Shenandoah full", Kind.NOT_PAUSES),
            // Before JDK 15: G1's remark and cleanup pauses were counted with its full collections (JDK 8), or
            // apart as "phases"; CMS counts its initial-mark and remark pauses and its stop-the-world fallback;
            // Serial's young collector is "Copy", ParNew's "PCopy"
            Map.entry("G1 incremental collections", Kind.YOUNG),
            Map.entry("G1 stop-the-world full collections", Kind.OTHER_PAUSES),
            Map.entry("G1 stop-the-world phases", Kind.OTHER_PAUSES),
            Map.entry("PSScavenge", Kind.YOUNG),
            Map.entry("PSParallelCompact", Kind.FULL),
            Map.entry("PSMarkSweep", Kind.FULL),
            Map.entry("Copy", Kind.YOUNG),
            Map.entry("PCopy", Kind.YOUNG),
            Map.entry("MSC", Kind.FULL),
            Map.entry("CMS", Kind.OTHER_PAUSES));

    /** One collector's counters, its times in ticks of the JVM's clock ({@code sun.os.hrt.frequency}). */
    record Collector(String name, Kind kind, long invocations, long ticks, long lastEntry, long lastExit) {}

    /**
     * Stop-the-world pauses.
     *
     * @param count   how many
     * @param totalMs their length together, ms
     * @param lastMs  the length of the last one, ms (0 when none, or while one is under way)
     */
    public record Pauses(long count, double totalMs, double lastMs) {}

    /**
     * How full the part of the heap that fills up for good is: the old generation of a generational heap (Parallel,
     * Serial), the whole heap of one whose generations share its regions (G1, ZGC) or that has none (Shenandoah).
     *
     * @param space         "old generation" or "heap"
     * @param usedBytes     in use, as of the last collection or the JVM's last update of its counters
     * @param capacityBytes committed to it now
     * @param maxBytes      what it may grow to
     */
    public record Occupancy(String space, long usedBytes, long capacityBytes, long maxBytes) {}

    /** The counters of JVM {@code pid} now; empty when it keeps none this user can read (see the class comment). */
    public static Optional<HotSpotCounters> read(long pid) {
        return JavaProcess.read(pid).flatMap(HotSpotCounters::read);
    }

    static Optional<HotSpotCounters> read(JavaProcess process) {
        return open(process).flatMap(channel -> {
            try (FileChannel c = channel) {
                return read(c);
            } catch (IOException e) {
                return Optional.empty();
            }
        });
    }

    /**
     * The counters of the JVM {@code process} through a channel kept open on its file: it reads the JVM's last
     * values even once the file is deleted (a JVM deletes its own as it exits, the next JVM of its user those of
     * the JVMs that were killed); empty when it keeps none this user can read.
     */
    static Optional<FileChannel> open(JavaProcess process) {
        for (Path file : files(process)) {
            try {
                FileChannel channel = FileChannel.open(file);
                if (read(channel).filter(h -> startedWith(h, process)).isPresent()) {
                    return Optional.of(channel);
                }
                channel.close();
            } catch (IOException | RuntimeException e) {
                // another user's file, or one deleted as its JVM ended
            }
        }
        return Optional.empty();
    }

    /** The counters in a file, read whole from its start; empty when it holds none readable. */
    static Optional<HotSpotCounters> read(FileChannel channel) {
        try {
            ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(channel.size(), MAX_FILE));
            while (buffer.hasRemaining() && channel.read(buffer, buffer.position()) > 0) {
                // a short read of a file being written: read on to its end
            }
            return PerfData.parse(buffer.flip()).flatMap(HotSpotCounters::of);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Every {@code hsperfdata} file that may be the JVM's: one of its pid in each user's directory. */
    static List<Path> files(JavaProcess process) {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> users =
                Files.newDirectoryStream(process.root().resolve("tmp"), "hsperfdata_*")) {
            for (Path user : users) {
                Path file = user.resolve(Long.toString(process.ownPid()));
                if (Files.isRegularFile(file)) {
                    files.add(file);
                }
            }
        } catch (IOException | RuntimeException e) {
            // no /tmp that this user can list
        }
        return files;
    }

    /**
     * Whether the counters are the process's own and not a dead JVM's left under the same pid: its JVM began
     * after the process did (the process's start being known to a few hundredths of a second, a second of slack).
     */
    private static boolean startedWith(HotSpotCounters c, JavaProcess process) {
        return !c.vmStarted.isBefore(process.started().minusSeconds(1));
    }

    /** The counters of a parsed buffer; empty when it lacks the JVM's start time or clock (not HotSpot's). */
    static Optional<HotSpotCounters> of(PerfData data) {
        Optional<Long> began = data.number("sun.rt.createVmBeginTime");
        Optional<Long> hz = data.number("sun.os.hrt.frequency").filter(f -> f > 0);
        if (began.isEmpty() || hz.isEmpty()) {
            return Optional.empty();
        }
        List<Collector> collectors = new ArrayList<>();
        // HotSpot numbers its collectors from 0, with gaps (ZGC's are 0 and 2, or 2 alone)
        for (int i = 0; i < MAX_COLLECTORS; i++) {
            String c = COLLECTOR + i + ".";
            Optional<String> name = data.text(c + "name");
            if (name.isEmpty()) {
                continue;
            }
            collectors.add(new Collector(
                    name.get(),
                    KINDS.get(name.get()),
                    data.number(c + "invocations").orElse(0L),
                    data.number(c + "time").orElse(0L),
                    data.number(c + "lastEntryTime").orElse(0L),
                    data.number(c + "lastExitTime").orElse(0L)));
        }
        return Optional.of(new HotSpotCounters(
                Instant.ofEpochMilli(began.get()),
                hz.get(),
                collectors,
                occupancy(data, collectors),
                data.text("sun.gc.lastCause").orElse(""),
                data.number("sun.gc.policy.gcTimeLimitExceeded").orElse(0L) != 0));
    }

    private static Occupancy occupancy(PerfData data, List<Collector> collectors) {
        String g = "sun.gc.generation.";
        boolean shared = collectors.stream()
                .map(Collector::name)
                .anyMatch(n -> n.startsWith("G1") || n.startsWith("Z") || n.startsWith("Shenandoah"));
        long used = 0;
        long capacity = 0;
        for (int gen = shared ? 0 : 1; gen <= 1; gen++) {
            capacity += data.number(g + gen + ".capacity").orElse(0L);
            for (int s = 0; data.number(g + gen + ".space." + s + ".used").isPresent(); s++) {
                used += data.number(g + gen + ".space." + s + ".used").orElse(0L);
            }
        }
        long max = data.number(g + "1.maxCapacity").orElse(0L);
        // G1 pads each of its figures by a few bytes so that none is 0: together they pass the maximum
        return new Occupancy(shared ? "heap" : "old generation", used, Math.min(capacity, max), max);
    }

    /** When the JVM began ({@code sun.rt.createVmBeginTime}), a little after its process did. */
    public Instant vmStarted() {
        return vmStarted;
    }

    /**
     * Its stop-the-world pauses so far; empty when its collectors' counters do not count pauses (Shenandoah) or
     * are of a collector this does not know.
     */
    public Optional<Pauses> pauses() {
        return countsPauses() ? Optional.of(new Pauses(count(), ms(ticks()), lastPauseMs())) : Optional.empty();
    }

    /**
     * The pauses since {@code earlier} was read of the same JVM, the last one's length being the JVM's last pause
     * (0 when none came in between); empty when {@code earlier} is another JVM's or the pauses are not counted.
     */
    public Optional<Pauses> pausesSince(HotSpotCounters earlier) {
        if (!earlier.vmStarted.equals(vmStarted) || !countsPauses() || !earlier.countsPauses()) {
            return Optional.empty();
        }
        long count = count() - earlier.count();
        return Optional.of(new Pauses(count, ms(ticks() - earlier.ticks()), count > 0 ? lastPauseMs() : 0));
    }

    private boolean countsPauses() {
        return !collectors.isEmpty() && collectors.stream().allMatch(c -> c.kind != null && c.kind != Kind.NOT_PAUSES);
    }

    private long count() {
        return collectors.stream().mapToLong(Collector::invocations).sum();
    }

    private long ticks() {
        return collectors.stream().mapToLong(Collector::ticks).sum();
    }

    private double ms(long ticks) {
        return ticks * 1000.0 / hz;
    }

    /** The length of its last pause, ms; 0 before its first or while one is under way. */
    private double lastPauseMs() {
        return last(c -> true)
                .filter(c -> c.lastExit >= c.lastEntry)
                .map(c -> ms(c.lastExit - c.lastEntry))
                .orElse(0.0);
    }

    /** The collector whose pause came last of those {@code counted}; empty before any ran. */
    private Optional<Collector> last(Predicate<Collector> counted) {
        Collector last = null;
        for (Collector c : collectors) {
            if (c.invocations > 0 && counted.test(c) && (last == null || c.lastEntry > last.lastEntry)) {
                last = c;
            }
        }
        return Optional.ofNullable(last);
    }

    /**
     * Whether its last collection was a full one (a young collection's failure ends in one). A pause that
     * collects nothing (G1's remark and cleanup: a concurrent cycle begun before the full collections ends
     * after them) is no collection.
     */
    boolean lastWasFull() {
        return last(c -> c.kind == Kind.YOUNG || c.kind == Kind.FULL)
                .filter(c -> c.kind == Kind.FULL)
                .isPresent();
    }

    /** How many full collections it made; 0 when its collectors count none apart. */
    long fullCollections() {
        return collectors.stream()
                .filter(c -> c.kind == Kind.FULL)
                .mapToLong(Collector::invocations)
                .sum();
    }

    /** How full its old generation, or its heap, is. */
    public Occupancy occupancy() {
        return occupancy;
    }

    /** The cause of its last collection ({@code sun.gc.lastCause}, e.g. "Allocation Failure"); empty before any. */
    public Optional<String> lastCause() {
        return lastCause.isEmpty() || lastCause.equals("No GC") ? Optional.empty() : Optional.of(lastCause);
    }

    /**
     * Whether its last collections took so long for so little that a failed allocation throws "GC overhead limit
     * exceeded" ({@code sun.gc.policy.gcTimeLimitExceeded}). Only the Parallel collector sets it (with
     * {@code -XX:+UseGCOverheadLimit}, its default), and only until a collection that frees enough: a JVM polled
     * every millisecond through such a run showed it in one reading of 66, and left it set as it ended. HotSpot
     * keeps no counter of the OutOfMemoryErrors it throws.
     */
    boolean gcOverheadLimitExceeded() {
        return overheadLimitExceeded;
    }
}
