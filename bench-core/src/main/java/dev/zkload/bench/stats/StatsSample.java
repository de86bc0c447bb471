package dev.zkload.bench.stats;

import dev.zkload.bench.client.ServerAddress;
import java.time.Duration;
import java.time.Instant;

/**
 * One server at one instant: its statistics, or why they could not be read.
 *
 * @param time         when the sample was taken
 * @param server       the server
 * @param stats        the reading; null when the server did not answer
 * @param error        why it did not answer; null when it did
 * @param serverDown   the server's client port refused the connection: the server itself is down, not
 *                     merely its statistics (a lost quorum looks like this; a metrics path cut does not)
 * @param unresponsive the server was asked but gave no answer within the round's deadline (or its
 *                     connection took none within the client's timeout): it is up, or at least its port
 *                     is, but stalled, paused or too slow to count this round
 */
public record StatsSample(
        Instant time, ServerAddress server, ServerStats stats, String error, boolean serverDown, boolean unresponsive) {

    public StatsSample(Instant time, ServerAddress server, ServerStats stats, String error) {
        this(time, server, stats, error, false, false);
    }

    public StatsSample(Instant time, ServerAddress server, ServerStats stats, String error, boolean serverDown) {
        this(time, server, stats, error, serverDown, false);
    }

    /** A server that did not answer within {@code deadline} of the round taken at {@code time}. */
    public static StatsSample unresponsive(Instant time, ServerAddress server, Duration deadline) {
        return new StatsSample(time, server, null, "no answer within " + deadline.toMillis() + " ms", false, true);
    }

    public boolean reachable() {
        return stats != null;
    }
}
