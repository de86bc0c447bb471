package dev.zkload.runner.result;

/**
 * One server as the preflight found it, as run.json records it.
 *
 * @param server         host:port
 * @param version        the server's version, or "unknown (…)" saying why
 * @param mode           leader, follower, standalone, observer, or unknown
 * @param metrics        where its statistics come from: {@code 4lw}, {@code admin <url>}, or {@code none}
 * @param maxClientCnxns the most connections it takes from one client address, as its configuration
 *                       says ({@code 0}: no limit), or {@code "unknown"} when neither {@code conf} nor the
 *                       AdminServer's {@code configuration} answered
 */
public record ServerCheck(String server, String version, String mode, String metrics, ConnectionLimit maxClientCnxns) {
    /** A server whose configuration was not read (yet). */
    public ServerCheck(String server, String version, String mode, String metrics) {
        this(server, version, mode, metrics, ConnectionLimit.UNKNOWN);
    }

    /** This check with the server's {@code maxClientCnxns}; -1 for unknown. */
    public ServerCheck withMaxClientCnxns(long limit) {
        return new ServerCheck(server, version, mode, metrics, ConnectionLimit.of(limit));
    }
}
