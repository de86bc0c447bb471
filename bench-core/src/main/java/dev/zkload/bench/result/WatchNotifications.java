package dev.zkload.bench.result;

/**
 * The watch notifications that the ephemeral deletes triggered (zk-latencies' last timing).
 *
 * @param expected   notifications that should arrive: znodes × (1 + watchMultiple sessions)
 * @param received   notifications that did arrive before the wait gave up
 * @param untilAllMs ms from the first ephemeral delete until the last notification arrived
 */
public record WatchNotifications(long expected, long received, double untilAllMs) {}
