package dev.zkload.sim;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** ZooKeeper requests issued, by kind, and those that failed; shared by every session of a fleet. */
final class OpCounters {
    private final Map<Operation, LongAdder> counts = new EnumMap<>(Operation.class);
    private final LongAdder errors = new LongAdder();

    OpCounters() {
        // filled once, read from every session's thread: never changed after construction
        for (Operation op : Operation.values()) {
            counts.put(op, new LongAdder());
        }
    }

    void count(Operation op) {
        counts.get(op).increment();
    }

    void error() {
        errors.increment();
    }

    long get(Operation op) {
        return counts.get(op).sum();
    }

    long errors() {
        return errors.sum();
    }

    Map<Operation, Long> snapshot() {
        Map<Operation, Long> map = new EnumMap<>(Operation.class);
        for (Operation op : Operation.values()) {
            map.put(op, get(op));
        }
        return map;
    }
}
