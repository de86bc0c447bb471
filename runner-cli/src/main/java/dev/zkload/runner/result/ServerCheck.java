package dev.zkload.runner.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;

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
 * @param voters         the ensemble's voting members as the server's {@code conf} lists them; absent when
 *                       it lists none (a standalone server, the AdminServer's answer, no answer)
 */
public record ServerCheck(
        String server,
        String version,
        String mode,
        String metrics,
        ConnectionLimit maxClientCnxns,
        @JsonInclude(JsonInclude.Include.NON_NULL) Integer voters) {
    /** A server whose configuration was not read (yet). */
    public ServerCheck(String server, String version, String mode, String metrics) {
        this(server, version, mode, metrics, ConnectionLimit.UNKNOWN, null);
    }

    /**
     * The ensemble's voting members as these servers' configurations list them; 0 when none lists them,
     * or when an observer is among the servers (a round of them is then not of voters only).
     */
    public static int voters(List<ServerCheck> checks) {
        if (checks.stream().anyMatch(c -> c.mode().equals("observer"))) {
            return 0;
        }
        return checks.stream()
                .map(ServerCheck::voters)
                .filter(Objects::nonNull)
                .max(Integer::compare)
                .orElse(0);
    }

    /** This check with what the server's configuration says: its {@code maxClientCnxns} and voters, -1 for unknown. */
    public ServerCheck withConfiguration(long limit, int voters) {
        return new ServerCheck(server, version, mode, metrics, ConnectionLimit.of(limit), voters > 0 ? voters : null);
    }
}
