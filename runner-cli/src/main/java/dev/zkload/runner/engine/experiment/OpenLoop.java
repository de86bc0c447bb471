package dev.zkload.runner.engine.experiment;

import dev.zkload.bench.result.OpStats;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * Open-loop load: calls issued on a fixed schedule at one rate for a while, spread round-robin over
 * several sessions, the operations taken in turn from a mix. Each call's latency runs from its
 * intended start, not from when it was sent: a server that falls behind makes the calls queue in the
 * runner (at most {@code maxOutstanding} in flight), and that wait shows as latency instead of
 * silently lowering the rate — the coordinated omission a closed loop hides.
 */
final class OpenLoop {
    private final List<ZooKeeper> sessions;
    private final Mix mix;
    private final List<String> pool;
    private final byte[] data;
    private final int maxOutstanding;
    private final Queue<String> created = new ConcurrentLinkedQueue<>();
    private final AtomicLong sequence = new AtomicLong();

    /**
     * @param pool znodes that exist for the whole run: get, set and exists use them, and new znodes
     *             are created below them (a few children each, so no parent grows large)
     */
    OpenLoop(List<ZooKeeper> sessions, Mix mix, List<String> pool, int size, int maxOutstanding) {
        this.sessions = List.copyOf(sessions);
        this.mix = mix;
        this.pool = List.copyOf(pool);
        this.data = new byte[size];
        this.maxOutstanding = maxOutstanding;
    }

    /**
     * What one hold at one rate did.
     *
     * @param intended   calls the schedule asked for
     * @param completed  calls that returned
     * @param seconds    from the first intended start to the last return
     * @param ops        per operation, latency from the intended start
     * @param all        every call's latency, µs
     */
    record Result(long intended, long completed, double seconds, Map<String, OpStats> ops, Histogram all) {
        double achievedPerSecond() {
            return seconds <= 0 ? 0 : completed / seconds;
        }
    }

    Result run(long rate, Duration hold) throws InterruptedException {
        long period = Math.max(1, 1_000_000_000L / rate);
        long calls = Math.max(1, rate * hold.toNanos() / 1_000_000_000L);
        Semaphore window = new Semaphore(maxOutstanding);
        // filled by this thread only; the callbacks hold the histograms and error maps themselves
        Map<String, Histogram> byOp = new HashMap<>();
        Map<String, Map<String, Long>> errors = new HashMap<>();
        Histogram all = new ConcurrentHistogram(3);
        AtomicLong lastReturn = new AtomicLong();
        long first = System.nanoTime();
        long issued = 0;
        try {
            for (; issued < calls; issued++) {
                long intended = first + issued * period;
                long wait;
                while ((wait = intended - System.nanoTime()) > 0) {
                    LockSupport.parkNanos(wait);
                }
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                window.acquire();
                String op = mix.op(issued);
                Histogram latency = byOp.computeIfAbsent(op, k -> new ConcurrentHistogram(3));
                Map<String, Long> opErrors = errors.computeIfAbsent(op, k -> new ConcurrentHashMap<>());
                issue(sessions.get((int) (issued % sessions.size())), op, issued, rc -> {
                    long now = System.nanoTime();
                    long micros = Math.max(1, (now - intended) / 1000);
                    latency.recordValue(micros);
                    all.recordValue(micros);
                    if (rc != Code.OK.intValue()) {
                        opErrors.merge(Code.get(rc).name(), 1L, Long::sum);
                    }
                    lastReturn.accumulateAndGet(now, Math::max);
                    window.release();
                });
            }
        } finally {
            // every call sent returns (or its session ends): wait, so the next hold starts clean
            window.tryAcquire(maxOutstanding, 60, TimeUnit.SECONDS);
        }
        double seconds = (lastReturn.get() - first) / 1e9;
        Map<String, OpStats> ops = new LinkedHashMap<>();
        for (String op : Mix.OPS) {
            Histogram h = byOp.get(op);
            if (h != null) {
                ops.put(op, OpStats.of(h, errors.getOrDefault(op, Map.of()), lastReturn.get() - first));
            }
        }
        return new Result(calls, all.getTotalCount(), seconds, ops, all);
    }

    private void issue(ZooKeeper zk, String op, long n, java.util.function.IntConsumer done) {
        String path = pool.get((int) (n % pool.size()));
        switch (op) {
            case "get" -> zk.getData(path, false, (rc, p, ctx, d, stat) -> done.accept(rc), null);
            case "exists" -> zk.exists(path, false, (rc, p, ctx, stat) -> done.accept(rc), null);
            case "set" -> zk.setData(path, data, -1, (rc, p, ctx, stat) -> done.accept(rc), null);
            case "create" -> {
                String child = path + "/c" + sequence.getAndIncrement();
                zk.create(
                        child,
                        data,
                        ZooDefs.Ids.OPEN_ACL_UNSAFE,
                        CreateMode.PERSISTENT,
                        (AsyncCallback.StringCallback) (rc, p, ctx, name) -> {
                            if (rc == Code.OK.intValue()) {
                                created.add(p);
                            }
                            done.accept(rc);
                        },
                        null);
            }
            case "delete" -> {
                String victim = created.poll();
                if (victim == null) {
                    // nothing created yet to delete: a delete of an absent znode costs the server the same
                    victim = path + "/absent";
                }
                zk.delete(victim, -1, (rc, p, ctx) -> done.accept(rc == Code.NONODE.intValue() ? 0 : rc), null);
            }
            default -> throw new IllegalArgumentException("unknown operation " + op);
        }
    }
}
