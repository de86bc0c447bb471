package dev.zkload.bench.ops;

import dev.zkload.bench.result.OpStats;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.apache.zookeeper.KeeperException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Latencies and errors of one operation over one phase. Recording is called from one thread at a
 * time (the caller in sync mode, the session's event thread in async mode), so the histogram
 * needs no lock; errors are counted by {@link KeeperException.Code} and the first few logged.
 */
final class OpRecorder {
    private static final Logger LOG = LoggerFactory.getLogger(OpRecorder.class);
    /** 1 µs to 60 s at 3 significant digits. */
    private static final long HIGHEST_MICROS = 60_000_000L;

    private static final int LOGGED_ERRORS = 5;

    private final Op op;
    private final Histogram micros = new Histogram(1, HIGHEST_MICROS, 3);
    private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();
    private final AtomicInteger logged = new AtomicInteger();
    private long startNanos;
    private long endNanos;

    OpRecorder(Op op) {
        this.op = op;
    }

    void begin() {
        micros.setStartTimeStamp(System.currentTimeMillis());
        startNanos = System.nanoTime();
    }

    void end() {
        endNanos = System.nanoTime();
        micros.setEndTimeStamp(System.currentTimeMillis());
    }

    /**
     * Records a call of {@code nanos} that ended with {@code rc} (a {@link KeeperException.Code}'s
     * value: the int the callbacks get, looked up only when it is an error); a failed call counts in
     * both latency and errors.
     */
    void record(long nanos, int rc, String path) {
        micros.recordValue(Math.min(HIGHEST_MICROS, Math.max(1, nanos / 1000)));
        if (rc != KeeperException.Code.OK.intValue()) {
            KeeperException.Code code = KeeperException.Code.get(rc);
            String name = code != null ? code.name() : "rc " + rc;
            errors.computeIfAbsent(name, k -> new LongAdder()).increment();
            if (logged.incrementAndGet() <= LOGGED_ERRORS) {
                LOG.warn("{} {} failed: {}", op.jsonName(), path, name);
            }
        }
    }

    Histogram histogram() {
        return micros;
    }

    OpStats stats() {
        Map<String, Long> byCode = new java.util.TreeMap<>();
        errors.forEach((k, v) -> byCode.put(k, v.sum()));
        return OpStats.of(micros, byCode, endNanos - startNanos);
    }
}
