package dev.zkload.runner.engine.resources;

import dev.zkload.bench.machine.OutOfMemoryWatch;
import dev.zkload.zk.connect.ServerAddress;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The target's servers on this machine whose process ended, and what they left about why: each server's JVM is
 * watched from the first look that finds it ({@link OutOfMemoryWatch}: where its GC log, heap dumps, output and
 * counters are, read while it lives), and judged once a later look finds it gone or replaced by another process. A
 * server that ran out of heap is said to have died of it, with the evidence; one that left none is said only to have
 * ended.
 */
final class ServerDeaths implements AutoCloseable {
    private final ServerProcesses processes;
    /** The process each local server had at the last look, and its watch. */
    private final Map<String, Long> pids = new HashMap<>();

    private final Map<Long, OutOfMemoryWatch> watches = new HashMap<>();
    /** Deaths found by looks since the last {@link #drain}. */
    private final Map<String, String> ended = new LinkedHashMap<>();

    ServerDeaths(ServerProcesses processes) {
        this.processes = processes;
    }

    /**
     * The servers found ended since the last call, with what they left ("died of an OutOfMemoryError: …", or "its
     * process ended …"), by host:port: looks again now, and forgets them.
     */
    synchronized Map<String, String> drain() {
        look();
        Map<String, String> d = new LinkedHashMap<>(ended);
        ended.clear();
        return d;
    }

    /**
     * Looks at every local server now: a server whose process the last look saw has ended since is kept for {@link
     * #drain} with what it left; a new process is watched from now.
     */
    synchronized void look() {
        for (ServerAddress s : processes.servers()) {
            if (!processes.local(s)) {
                continue;
            }
            Long seen = pids.get(s.hostPort());
            Optional<Long> now = processes.pid(s);
            if (seen != null && (now.isEmpty() || !now.get().equals(seen)) && !alive(seen)) {
                OutOfMemoryWatch w = watches.remove(seen);
                Optional<String> evidence = w == null ? Optional.empty() : w.evidence();
                ended.put(
                        s.hostPort(),
                        evidence.map(e -> "died of an OutOfMemoryError: " + e)
                                .orElse("its process ended, leaving no sign that it ran out of heap"));
                if (w != null) {
                    w.close();
                }
                pids.remove(s.hostPort());
            }
            now.ifPresent(pid -> {
                if (!pid.equals(pids.get(s.hostPort()))) {
                    pids.put(s.hostPort(), pid);
                    OutOfMemoryWatch.of(pid).ifPresent(w -> watches.put(pid, w));
                }
            });
        }
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    @Override
    public synchronized void close() {
        watches.values().forEach(OutOfMemoryWatch::close);
        watches.clear();
    }
}
