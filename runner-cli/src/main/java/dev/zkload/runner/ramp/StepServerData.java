package dev.zkload.runner.ramp;

import dev.zkload.bench.stats.ServerStats;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.bench.stats.StatsSampler;
import java.util.List;

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
public record StepServerData(long znodes, long watches, long connections, Long sessions, long ephemerals,
        double outstandingAvg, long outstandingMax, double avgLatencyMs, double maxLatencyMs, long approximateDataSize,
        Double cpuPercent, Long rssBytes) {

    /** Aggregates sample rounds (oldest first); null when no round reached a leader. */
    static StepServerData of(List<List<StatsSample>> rounds, Long sessions, Double cpuPercent, Long rssBytes) {
        long sum = 0;
        long max = 0;
        int n = 0;
        List<StatsSample> last = null;
        ServerStats leader = null;
        for (List<StatsSample> round : rounds) {
            var l = StatsSampler.leaderOf(round);
            if (l.isPresent()) {
                long outstanding = l.get().stats().outstandingRequests();
                sum += outstanding;
                max = Math.max(max, outstanding);
                n++;
                last = round;
                leader = l.get().stats();
            }
        }
        if (leader == null) {
            return null;
        }
        long watches = 0;
        long connections = 0;
        for (StatsSample s : last) {
            if (s.reachable()) {
                watches += Math.max(0, s.stats().watchCount());
                connections += Math.max(0, s.stats().aliveConnections());
            }
        }
        return new StepServerData(leader.znodeCount(), watches, connections, sessions, leader.ephemeralsCount(),
                Math.round(10.0 * sum / n) / 10.0, max, leader.avgLatencyMs(), leader.maxLatencyMs(),
                leader.approximateDataSize(), cpuPercent, rssBytes);
    }
}
