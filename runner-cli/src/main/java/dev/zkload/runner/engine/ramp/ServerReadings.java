package dev.zkload.runner.engine.ramp;

import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.bench.stats.StatsSampler;
import dev.zkload.runner.result.StepServerData;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The readings a step takes on demand, beside the sampler's 1 Hz rounds: a settled reading for the
 * footprint (one round plus every server's sessions from {@code cons}) and the leader's zxid, whose
 * low 32 bits count the write transactions of an epoch.
 */
final class ServerReadings {
    private final StatsSampler sampler;
    private final StatsClient stats;
    private final List<ServerAddress> servers;

    /** @param sampler null with {@code --no-server-metrics}: every reading is then absent */
    ServerReadings(StatsSampler sampler, StatsClient stats, List<ServerAddress> servers) {
        this.sampler = sampler;
        this.stats = stats;
        this.servers = servers;
    }

    /** A reading now; null when metrics are off or a server did not answer (a partial sum is no footprint). */
    StepServerData settled() throws InterruptedException {
        if (sampler == null) {
            return null;
        }
        List<StatsSample> round = sampler.sampleNow();
        if (!round.stream().allMatch(StatsSample::reachable)) {
            return null;
        }
        long sessions = 0;
        try {
            for (ServerAddress s : servers) {
                sessions += stats.connections(s).size();
            }
        } catch (IOException e) {
            return null;
        }
        return StepFigures.serverData(List.of(round), sessions, null, null);
    }

    /**
     * A round now, recorded like the scheduled ones (so that a step shorter than the sampling interval
     * has its own data); empty when metrics are off.
     */
    List<StatsSample> round() {
        return sampler == null ? List.of() : sampler.sampleNow();
    }

    List<List<StatsSample>> since(Instant from) {
        return sampler == null ? List.of() : sampler.seriesSince(from);
    }

    Optional<StatsSample> leader() {
        return sampler == null ? Optional.empty() : sampler.leader();
    }

    long leaderZxid() throws InterruptedException {
        Optional<StatsSample> leader = leader();
        if (leader.isEmpty()) {
            return -1;
        }
        try {
            return stats.summary(leader.get().server()).zxid();
        } catch (IOException e) {
            return -1;
        }
    }

    /** Write transactions per second per domain since {@code since}, from the leader's zxid (same epoch only). */
    Double writesPerDomain(long before, Instant since, int domains) throws InterruptedException {
        long after = leaderZxid();
        double seconds = Duration.between(since, Instant.now()).toMillis() / 1000.0;
        if (before < 0 || after < 0 || (before >>> 32) != (after >>> 32) || seconds <= 0 || domains < 1) {
            return null;
        }
        return Math.round(100.0 * (after - before) / seconds / domains) / 100.0;
    }
}
