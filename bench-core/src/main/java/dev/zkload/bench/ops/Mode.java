package dev.zkload.bench.ops;

/** How requests are issued. */
public enum Mode {
    /** One request outstanding at a time, like {@code zk-latencies.py --synchronous}. */
    SYNC,
    /** Asynchronous requests, at most a window of them outstanding. */
    ASYNC,
    /**
     * Open loop at a fixed rate: each request has an intended start time, and its latency is counted
     * from then, so a server that falls behind shows it (no coordinated omission).
     */
    RATE
}
