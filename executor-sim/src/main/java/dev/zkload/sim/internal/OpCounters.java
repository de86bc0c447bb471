package dev.zkload.sim.internal;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;

/** ZooKeeper requests issued by the whole fleet, by kind; shared by every session. */
public final class OpCounters {
    /** The request kinds counted. */
    public enum Kind { EXISTS, GET_DATA, GET_CHILDREN, CREATE, DELETE, SET_DATA, MULTI }

    private final LongAdder[] counts = new LongAdder[Kind.values().length];
    private final LongAdder errors = new LongAdder();

    public OpCounters() {
        for (int i = 0; i < counts.length; i++) {
            counts[i] = new LongAdder();
        }
    }

    void count(Kind kind) {
        counts[kind.ordinal()].increment();
    }

    void error() {
        errors.increment();
    }

    public long get(Kind kind) {
        return counts[kind.ordinal()].sum();
    }

    public long errors() {
        return errors.sum();
    }

    public Map<String, Long> snapshot() {
        Map<String, Long> map = new TreeMap<>();
        for (Kind k : Kind.values()) {
            map.put(k.name().toLowerCase(java.util.Locale.ROOT), get(k));
        }
        return map;
    }
}
