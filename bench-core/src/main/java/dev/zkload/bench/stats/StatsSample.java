package dev.zkload.bench.stats;

import dev.zkload.bench.client.ServerAddress;
import java.time.Instant;

/**
 * One server at one instant: its statistics, or why they could not be read.
 *
 * @param time       when the sample was taken
 * @param server     the server
 * @param stats      the reading; null when the server did not answer
 * @param error      why it did not answer; null when it did
 * @param serverDown the server's client port refused the connection: the server itself is down, not
 *                   merely its statistics (a lost quorum looks like this; a metrics path cut does not)
 */
public record StatsSample(Instant time, ServerAddress server, ServerStats stats, String error, boolean serverDown) {

    public StatsSample(Instant time, ServerAddress server, ServerStats stats, String error) {
        this(time, server, stats, error, false);
    }

    public boolean reachable() {
        return stats != null;
    }
}
