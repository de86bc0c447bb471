package dev.zkload.bench.stats;

import dev.zkload.zk.connect.ServerAddress;
import java.time.Duration;
import java.time.Instant;

/**
 * One server at one instant: its statistics, or why they could not be read.
 *
 * @param time              when the sample was taken
 * @param server            the server
 * @param stats             the reading; null when the server did not answer
 * @param error             why it did not answer; null when it did
 * @param serverDown        the server's client port refused the connection: the server itself is down, not
 *                          merely its statistics (a lost quorum looks like this; a metrics path cut does not)
 * @param unresponsive      the server was asked but gave no answer within the round's deadline (or its
 *                          connection took none within the client's timeout): it is up, or at least its
 *                          port is, but stalled, paused or too slow to count this round
 * @param clientPortStalled the server's ZooKeeper client port itself gave no answer in time (the connect
 *                          or the four-letter word timed out), as far as the last finished read tells: a
 *                          hung server that serves no client, unlike one whose statistics source alone
 *                          (an AdminServer cut off) fails while its client port answers
 */
public record StatsSample(
        Instant time,
        ServerAddress server,
        ServerStats stats,
        String error,
        boolean serverDown,
        boolean unresponsive,
        boolean clientPortStalled) {

    public StatsSample(Instant time, ServerAddress server, ServerStats stats, String error) {
        this(time, server, stats, error, false, false, false);
    }

    public StatsSample(Instant time, ServerAddress server, ServerStats stats, String error, boolean serverDown) {
        this(time, server, stats, error, serverDown, false, false);
    }

    public StatsSample(
            Instant time,
            ServerAddress server,
            ServerStats stats,
            String error,
            boolean serverDown,
            boolean unresponsive) {
        this(time, server, stats, error, serverDown, unresponsive, false);
    }

    /** A server that did not answer within {@code deadline} of the round taken at {@code time}; its client port untold. */
    public static StatsSample unresponsive(Instant time, ServerAddress server, Duration deadline) {
        return unresponsive(time, server, deadline, false);
    }

    /**
     * A server that did not answer within {@code deadline} of the round taken at {@code time}.
     *
     * @param clientPortStalled the last read that finished found the client port itself silent
     */
    public static StatsSample unresponsive(
            Instant time, ServerAddress server, Duration deadline, boolean clientPortStalled) {
        return new StatsSample(
                time, server, null, "no answer within " + deadline.toMillis() + " ms", false, true, clientPortStalled);
    }

    public boolean reachable() {
        return stats != null;
    }

    /**
     * True when the sample tells whether the server serves: it answered (with its role), its client port
     * refused (down), or its client port gave no answer (hung, serving no client). A server whose client
     * port answers but whose statistics could not be read tells nothing: it might be a live leader.
     */
    public boolean tellsService() {
        return reachable() || serverDown || clientPortStalled;
    }
}
