package dev.zkload.sim;

import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.zookeeper.KeeperException.Code;

/** ZooKeeper requests issued, by kind, and those that failed, by kind and code; shared by every session of a fleet. */
final class OpCounters {
    private final Map<Operation, LongAdder> counts = new EnumMap<>(Operation.class);
    private final LongAdder errors = new LongAdder();
    private final Map<String, LongAdder> errorCodes = new ConcurrentHashMap<>();

    OpCounters() {
        // filled once, read from every session's thread: never changed after construction
        for (Operation op : Operation.values()) {
            counts.put(op, new LongAdder());
        }
    }

    void count(Operation op) {
        counts.get(op).increment();
    }

    /** One failed request: counted in all, and under {@code "<operation id> <CODE>"}, e.g. {@code set_data NONODE}. */
    void error(Operation op, Code code) {
        errors.increment();
        errorCodes
                .computeIfAbsent(op.id() + " " + code.name(), k -> new LongAdder())
                .increment();
    }

    long get(Operation op) {
        return counts.get(op).sum();
    }

    long errors() {
        return errors.sum();
    }

    /** The failed requests by operation and code, sorted by key; only the pairs that occurred. */
    Map<String, Long> errorCodes() {
        Map<String, Long> map = new TreeMap<>();
        errorCodes.forEach((k, v) -> map.put(k, v.sum()));
        return map;
    }

    Map<Operation, Long> snapshot() {
        Map<Operation, Long> map = new EnumMap<>(Operation.class);
        for (Operation op : Operation.values()) {
            map.put(op, get(op));
        }
        return map;
    }
}
