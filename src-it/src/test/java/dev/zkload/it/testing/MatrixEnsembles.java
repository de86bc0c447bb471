package dev.zkload.it.testing;

import static org.awaitility.Awaitility.await;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.ensemble.ServerDistribution;
import dev.zkload.bench.testing.Timeouts;
import dev.zkload.it.testing.AttributionCell.Cause;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The attribution matrix's servers: one ensemble per kind of server a cause needs, started when first asked for and
 * kept for the cells after it (a cell's injection is undone when it ends), so that the matrix forks each only once:
 * a quorum of three whose fsyncs can be slowed per server (the machine itself, the followers' slow logs), a
 * standalone server on the same JDK (the confined leader, the leader's slow log: one server leaves the runner and it
 * room on two cores, where a quorum and the runner fill them and the machine is the limit before the cause), a
 * quorum started with {@code globalOutstandingLimit=1} on 3.9.5 and one on 3.8.4, and a standalone server short of
 * heap.
 */
public final class MatrixEnsembles implements AutoCloseable {
    private enum Kind {
        QUORUM,
        STANDALONE,
        THROTTLED_39,
        THROTTLED_38,
        SMALL_HEAP
    }

    private static final String THROTTLE = "-Dzookeeper.globalOutstandingLimit=1";

    private final Path base;
    private final Map<Kind, LocalEnsemble> running = new EnumMap<>(Kind.class);
    private Optional<SlowFsync> slow;

    public MatrixEnsembles(Path base) {
        this.base = base;
    }

    /** The slow-fsync JDK the quorum runs on; empty without a C compiler (the quorum then runs on this JDK). */
    public synchronized Optional<SlowFsync> slowFsync() throws IOException, InterruptedException {
        if (slow == null) {
            slow = SlowFsync.build(base.resolve("slow-fsync"));
        }
        return slow;
    }

    /** What undoes one part of an injection. */
    @FunctionalInterface
    interface Undo {
        void undo() throws IOException;
    }

    /** A cause injected on its servers, undone on close. */
    public record Injected(LocalEnsemble ensemble, List<Undo> undo) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            for (Undo u : undo) {
                u.undo();
            }
        }
    }

    /** The servers for {@code cause}, serving with a leader, and the cause injected on them. */
    public Injected inject(Cause cause) throws Exception {
        LocalEnsemble zk = ensemble(kindOf(cause));
        for (int id = 1; id <= zk.size(); id++) {
            if (!zk.isRunning(id)) {
                // a server short of heap may have died of it in the cell before
                zk.restart(id);
            }
        }
        await().atMost(Timeouts.seconds(60))
                .pollInterval(200, TimeUnit.MILLISECONDS)
                .until(() -> zk.leader() > 0);
        int leader = zk.leader();
        List<Undo> undo = new ArrayList<>();
        switch (cause) {
            case LEADER_CONFINED -> {
                long pid = zk.processStats(leader).pid();
                int cpus = Runtime.getRuntime().availableProcessors();
                int cpu = cpus - 1;
                taskset(pid, Integer.toString(cpu));
                undo.add(Hogs.cpuOn(cpu, 3)::close);
                undo.add(() -> taskset(pid, "0-" + (cpus - 1)));
            }
            case LEADER_FSYNC -> {
                SlowFsync s = slowFsync().orElseThrow();
                s.delay(zk.processStats(leader).pid(), 30);
                undo.add(s::reset);
            }
            case FOLLOWERS_FSYNC -> {
                SlowFsync s = slowFsync().orElseThrow();
                for (int id = 1; id <= zk.size(); id++) {
                    if (id != leader) {
                        s.delay(zk.processStats(id).pid(), 30);
                    }
                }
                undo.add(s::reset);
            }
            default -> {}
        }
        return new Injected(zk, undo);
    }

    private static Kind kindOf(Cause cause) {
        return switch (cause) {
            case THROTTLE_39 -> Kind.THROTTLED_39;
            case THROTTLE_38 -> Kind.THROTTLED_38;
            case LEADER_HEAP -> Kind.SMALL_HEAP;
            case LEADER_CONFINED, LEADER_FSYNC -> Kind.STANDALONE;
            default -> Kind.QUORUM;
        };
    }

    private synchronized LocalEnsemble ensemble(Kind kind) throws Exception {
        LocalEnsemble zk = running.get(kind);
        if (zk != null) {
            return zk;
        }
        LocalEnsemble.Builder b = LocalEnsemble.builder()
                .servers(kind == Kind.SMALL_HEAP || kind == Kind.STANDALONE ? 1 : 3)
                .heap("256m");
        switch (kind) {
            case QUORUM, STANDALONE -> slowFsync().ifPresent(s -> b.javaHome(s.jdk()));
            case THROTTLED_39 -> b.jvmFlags(List.of(THROTTLE));
            case THROTTLED_38 ->
                b.jvmFlags(List.of(THROTTLE)).distribution(ServerDistribution.resolve("3.8.4", l -> {}));
            // 32 MB carried the heavy domain with the collector under a tenth of the time: no cause to name
            case SMALL_HEAP -> b.heap("20m");
        }
        zk = b.build();
        try {
            zk.start();
        } catch (Exception e) {
            zk.close();
            throw e;
        }
        running.put(kind, zk);
        return zk;
    }

    private static void taskset(long pid, String cpus) throws IOException {
        Process p = new ProcessBuilder(
                        LocalEnsemble.TASKSET.orElseThrow().toString(), "-a", "-p", "-c", cpus, Long.toString(pid))
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException("taskset " + cpus + " " + pid + ": " + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while taskset ran", e);
        }
    }

    @Override
    public synchronized void close() {
        running.values().forEach(LocalEnsemble::close);
        running.clear();
    }
}
