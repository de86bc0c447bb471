package dev.zkload.bench.machine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a JVM server of this machine that is gone ran out of heap, told by what it left behind, never
 * guessed: its GC log ending in full collections that left its heap full, a heap dump {@code java_pid<pid>.hprof}
 * written as it died, an {@code OutOfMemoryError} in a file it logged to, its HotSpot counters' last values.
 * ZooKeeper's own {@code zkServer.sh} starts it with {@code -XX:+HeapDumpOnOutOfMemoryError} and
 * {@code -XX:OnOutOfMemoryError='kill -9 %p'}: the JVM dumps its heap, then is killed without a word.
 *
 * <p>Where to look is read while the process lives ({@link #of}): its command line, its working directory,
 * where its standard output goes, the size of each log so far (only what it adds after is its own), and its
 * GC log and {@code hsperfdata} file, held open: a server restarted on the same GC log moves the dead one's
 * aside, a killed JVM's counters file is deleted by the next JVM its user starts, the file of one that exits
 * by the JVM itself; the open file keeps what it was. What was found is judged once the
 * process is gone ({@link #evidence}). A server in a container is reached through {@code /proc}, so its files
 * are read only while it lives.
 */
public final class OutOfMemoryWatch implements AutoCloseable {
    /** The share of the heap (or old generation) in use after a collection that says it was full. */
    private static final double FULL = 0.8;
    /** The end of a GC log read for its last collections. */
    private static final int GC_LOG_TAIL = 256 << 10;
    /** The most of a log's new text searched for an OutOfMemoryError. */
    private static final int LOG_TEXT = 4 << 20;

    private static final Pattern OOM = Pattern.compile("java\\.lang\\.OutOfMemoryError(?::[^\\r\\n]*)?");

    private final JavaProcess process;
    private final Optional<GcLogOption> gcLog;
    private final FileChannel gcLogFile;
    private final Optional<Path> heapDump;
    private final Map<Path, Long> logs;
    private final FileChannel counters;

    private OutOfMemoryWatch(
            JavaProcess process,
            Optional<GcLogOption> gcLog,
            FileChannel gcLogFile,
            Optional<Path> heapDump,
            Map<Path, Long> logs,
            FileChannel counters) {
        this.process = process;
        this.gcLog = gcLog;
        this.gcLogFile = gcLogFile;
        this.heapDump = heapDump;
        this.logs = Map.copyOf(logs);
        this.counters = counters;
    }

    /**
     * Begins watching JVM {@code pid}, which must be running: reads where its evidence would be; empty when it
     * is gone or this user may not read its command line.
     */
    public static Optional<OutOfMemoryWatch> of(long pid) {
        return JavaProcess.read(pid).map(OutOfMemoryWatch::of);
    }

    static OutOfMemoryWatch of(JavaProcess process) {
        Map<Path, Long> logs = new LinkedHashMap<>();
        for (Path log : logFiles(process)) {
            try {
                Path real = Files.exists(log) ? log.toRealPath() : log.normalize();
                logs.putIfAbsent(real, Files.exists(real) ? Files.size(real) : 0L);
            } catch (IOException | RuntimeException e) {
                // a file this user may not read tells nothing
            }
        }
        Optional<GcLogOption> gcLog = GcLogOption.in(process.options());
        return new OutOfMemoryWatch(
                process,
                gcLog,
                gcLog.flatMap(o -> o.current(process))
                        .flatMap(OutOfMemoryWatch::open)
                        .orElse(null),
                heapDump(process),
                logs,
                HotSpotCounters.open(process).orElse(null));
    }

    private static Optional<FileChannel> open(Path file) {
        try {
            return Optional.of(FileChannel.open(file));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The files its OutOfMemoryError would be written to: its standard output and error when they are files
     * (what {@code zkServer.sh start} sends to {@code zookeeper-<user>-server-<host>.out}), the log its
     * {@code -Dzookeeper.log.dir} and {@code -Dzookeeper.log.file} name, and {@code zookeeper.out} in its working
     * directory (older {@code zkServer.sh}).
     */
    private static List<Path> logFiles(JavaProcess process) {
        List<Path> files = new ArrayList<>();
        if (process.root().equals(Path.of("/"))) {
            for (String fd : List.of("1", "2")) {
                try {
                    Path target = Files.readSymbolicLink(Path.of("/proc", Long.toString(process.pid()), "fd", fd));
                    if (target.isAbsolute() && Files.isRegularFile(target)) {
                        files.add(target);
                    }
                } catch (IOException | RuntimeException e) {
                    // closed, or not this user's to read
                }
            }
        }
        Optional<String> dir = process.property("zookeeper.log.dir");
        process.property("zookeeper.log.file")
                .ifPresent(f -> files.add(process.resolve(dir.orElse(".")).resolve(f)));
        files.add(process.cwd().resolve("zookeeper.out"));
        return files;
    }

    /**
     * The heap dump {@code -XX:+HeapDumpOnOutOfMemoryError} would write: {@code java_pid<pid>.hprof} in its
     * working directory, or in {@code -XX:HeapDumpPath} when that is a directory, else that file ({@code %p} the
     * pid); empty when it writes none.
     */
    private static Optional<Path> heapDump(JavaProcess process) {
        if (!process.flagOn("HeapDumpOnOutOfMemoryError")) {
            return Optional.empty();
        }
        String pid = Long.toString(process.ownPid());
        String name = "java_pid" + pid + ".hprof";
        Optional<String> path = process.last("-XX:HeapDumpPath=").filter(p -> !p.isEmpty());
        if (path.isEmpty()) {
            return Optional.of(process.cwd().resolve(name));
        }
        Path p = process.resolve(path.get().replace("%p", pid));
        return Optional.of(Files.isDirectory(p) ? p.resolve(name) : p);
    }

    /**
     * What says the JVM ran out of heap, in words ("its GC log ends in 3 full collections that freed nothing; a
     * heap dump java_pid4242.hprof was written"); empty while it still runs, or when nothing says so.
     */
    public Optional<String> evidence() {
        if (process.alive()) {
            return Optional.empty();
        }
        List<String> found = new ArrayList<>();
        gcLogEnd().ifPresent(found::add);
        heapDump.filter(this::writtenByIt)
                .ifPresent(d -> found.add(String.format(
                        Locale.ROOT,
                        "a heap dump %s was written (%.0f MB) in %s",
                        d.getFileName(),
                        size(d) / 1048576.0,
                        d.getParent())));
        logs.forEach((log, before) ->
                outOfMemoryError(log, before).ifPresent(e -> found.add(log.getFileName() + " says \"" + e + "\"")));
        Optional.ofNullable(counters)
                .flatMap(HotSpotCounters::read)
                .flatMap(OutOfMemoryWatch::lastCounters)
                .ifPresent(found::add);
        return found.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", found));
    }

    /**
     * The full collections a GC log ends in that left its heap full, the young collections among them that
     * left it as full set aside; empty when its last collection left room.
     */
    private Optional<String> gcLogEnd() {
        try {
            // The file held open since the watch began is the JVM's own even if a server restarted since has
            // moved it aside, unless the JVM itself moved it aside on reaching its rotation size: the file now at
            // its name then goes on with it.
            long rotatesAt = gcLog.map(GcLogOption::rotatesAtBytes).orElse(0L);
            if (gcLogFile != null && (rotatesAt == 0 || gcLogFile.size() < rotatesAt)) {
                return gcLogEnd(tail(gcLogFile, GC_LOG_TAIL).lines().toList());
            }
            Optional<Path> now = gcLog.flatMap(o -> o.current(process));
            if (now.isEmpty()) {
                return Optional.empty();
            }
            try (FileChannel ch = FileChannel.open(now.get())) {
                return gcLogEnd(tail(ch, GC_LOG_TAIL).lines().toList());
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static Optional<String> gcLogEnd(List<String> lines) {
        int fulls = 0;
        boolean freedNothing = true;
        boolean noRoom = false;
        GcLogLine last = null;
        for (int i = lines.size() - 1; i >= 0; i--) {
            String line = lines.get(i);
            Optional<GcLogLine> p = GcLogLine.parse(line, null);
            if (p.isEmpty()) {
                noRoom |= GcLogLine.evacuationFailed(line);
                continue;
            }
            GcLogLine pause = p.get();
            if (pause.heapBytes() <= 0 || pause.afterBytes() < FULL * pause.heapBytes()) {
                break;
            }
            // Java 8 writes a failed evacuation on its pause's own line
            noRoom |= GcLogLine.evacuationFailed(line);
            if (pause.full()) {
                fulls++;
                freedNothing &= pause.afterBytes() >= pause.beforeBytes();
                last = last == null ? pause : last;
            }
        }
        if (last == null) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "its GC log ends in %d full collection%s that %s (%s of its %s heap in use after the last)%s",
                fulls,
                fulls == 1 ? "" : "s",
                freedNothing ? "freed nothing" : "left its heap over 80% full",
                mb(last.afterBytes()),
                mb(last.heapBytes()),
                noRoom ? ", after a young collection found no room for its survivors (to-space exhausted)" : ""));
    }

    /** What its counters said as it left them, when its last collection was a full one that left it full. */
    static Optional<String> lastCounters(HotSpotCounters c) {
        HotSpotCounters.Occupancy o = c.occupancy();
        if (c.gcOverheadLimitExceeded()) {
            return Optional.of("its HotSpot counters say the GC overhead limit was exceeded");
        }
        if (!c.lastWasFull() || o.maxBytes() <= 0 || o.usedBytes() < FULL * o.maxBytes()) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "its HotSpot counters as it left them: its last collection was a full one (%d in all%s), its %s"
                        + " %s of %s in use after it",
                c.fullCollections(),
                c.lastCause().map(cause -> ", the last for " + cause).orElse(""),
                o.space(),
                mb(o.usedBytes()),
                mb(o.maxBytes())));
    }

    /** The first OutOfMemoryError a log tells after {@code before} bytes (all of it when it was cut since). */
    private static Optional<String> outOfMemoryError(Path log, long before) {
        try {
            long size = Files.size(log);
            long from = size < before ? 0 : before;
            try (FileChannel ch = FileChannel.open(log)) {
                Matcher m = OOM.matcher(read(ch, Math.max(from, size - LOG_TEXT), size));
                return m.find() ? Optional.of(m.group().trim()) : Optional.empty();
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Whether a file was written after the process started: a dump left by another JVM of the same pid is not its. */
    private boolean writtenByIt(Path file) {
        try {
            return Files.size(file) > 0
                    && !Files.getLastModifiedTime(file).toInstant().isBefore(process.started());
        } catch (IOException e) {
            return false;
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }

    private static String tail(FileChannel file, int bytes) throws IOException {
        long size = file.size();
        return read(file, Math.max(0, size - bytes), size);
    }

    private static String read(FileChannel file, long from, long to) throws IOException {
        ByteBuffer b = ByteBuffer.allocate((int) (to - from));
        while (b.hasRemaining() && file.read(b, from + b.position()) > 0) {
            // read on to the end
        }
        return new String(b.array(), 0, b.position(), StandardCharsets.UTF_8);
    }

    private static String mb(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0);
    }

    /** Lets go of the JVM's GC log and counters file. */
    @Override
    public void close() {
        for (FileChannel held : new FileChannel[] {gcLogFile, counters}) {
            try {
                if (held != null) {
                    held.close();
                }
            } catch (IOException e) {
                // nothing was written to it
            }
        }
    }
}
