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
        Long rssBytes) {}
