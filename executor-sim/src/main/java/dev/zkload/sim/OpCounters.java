package dev.zkload.sim;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** ZooKeeper requests issued, by kind, and those that failed; shared by every session of a fleet. */
final class OpCounters {
    private final LongAdder[] counts = new LongAdder[Operation.values().length];
    private final LongAdder errors = new LongAdder();

    OpCounters() {
        for (int i = 0; i < counts.length; i++) {
            counts[i] = new LongAdder();
        }
    }

    void count(Operation op) {
        counts[op.ordinal()].increment();
    }

    void error() {
        errors.increment();
    }

    long get(Operation op) {
        return counts[op.ordinal()].sum();
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
