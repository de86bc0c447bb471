package dev.zkload.runner.result;

/**
 * The {@code server} object of a step in {@code steps.jsonl}: the leader's counters at the end of
 * the step, watches and connections summed over every server (each counts only its own sessions),
 * and the leader's outstanding requests over the step's settled load.
 *
 * @param sessions   client sessions on all servers, from {@code cons} (four-letter-word and AdminServer
 *                   connections have none, so unlike {@code connections} this counts clients only); null
 *                   when not read
 * @param cpuPercent leader process CPU over the step's settled load, % of one core; null when the servers are remote
 * @param rssBytes   leader process resident memory; null when remote
 * @param avgLatencyMs the leader's average request latency since it started (or its statistics were reset):
 *                     ZooKeeper keeps no other
 * @param maxLatencyMs the leader's largest request latency since it started, as its last round read it
 * @param maxLatencyInStep true when that largest latency rose during the step's rounds, so that it is the
 *                     step's own; false when it did not (the step's largest was at most it); null when not known
 *                     (another server led at the end than at the start, or results written before it)
 */
public record StepServerData(
        long znodes,
        long watches,
        long connections,
        Long sessions,
        long ephemerals,
        double outstandingAvg,
        long outstandingMax,
        double avgLatencyMs,
        double maxLatencyMs,
        long approximateDataSize,
        Double cpuPercent,
        Long rssBytes,
        Boolean maxLatencyInStep) {}
