package dev.zkload.runner.engine.ramp;

import dev.zkload.runner.result.ServerCheck;
import java.util.List;
import java.util.Optional;

/**
 * Which server the seven-op benchmark of {@code --bench-target leader} measures, and why when it is
 * not the leader. The benchmark goes to the leader the sampler sees among the {@code --connect}
 * servers; a connect string that names only followers (or observers) leaves it the client's pick
 * among them, and the report must not call that server the leader.
 *
 * @param servers the servers it runs against: one, or several when the client picks among them
 * @param role    their role as the preflight found it: leader, standalone, follower, observer, unknown
 * @param why     why it is not the leader; null when it is
 */
public record BenchedServer(List<String> servers, String role, String why) {

    public BenchedServer {
        servers = List.copyOf(servers);
    }

    /** The benchmarked server for {@code --bench-target leader}, from the preflight's view of the servers. */
    public static Optional<BenchedServer> of(RampPlan.BenchTarget target, List<ServerCheck> checks) {
        if (target != RampPlan.BenchTarget.LEADER || checks.isEmpty()) {
            return Optional.empty();
        }
        for (ServerCheck c : checks) {
            if (c.mode().equals("leader") || c.mode().equals("standalone")) {
                return Optional.of(new BenchedServer(List.of(c.server()), c.mode(), null));
            }
        }
        List<String> roles = checks.stream().map(ServerCheck::mode).distinct().toList();
        boolean unknown = roles.equals(List.of("unknown"));
        return Optional.of(new BenchedServer(
                checks.stream().map(ServerCheck::server).toList(),
                roles.size() == 1 ? roles.get(0) : "non-leader",
                unknown ? "no server's role could be read" : "--connect names no leader"));
    }

    /** For run.json and the report: "follower 127.0.0.1:2182: --connect names no leader". */
    public String describe() {
        return why == null ? who() : who() + ": " + why;
    }

    /** The console's line when the benchmark does not measure the leader; empty when it does. */
    public Optional<String> warning() {
        if (why == null) {
            return Optional.empty();
        }
        return Optional.of("The seven-op benchmark runs against " + who() + ", not the leader: " + why
                + "; add the leader's address to --connect to benchmark the leader");
    }

    private String who() {
        return servers.size() == 1
                ? role + " " + servers.get(0)
                : (role.matches("[aeiou].*") ? "an " : "a ") + role + " of " + String.join(", ", servers)
                        + " (the client's pick)";
    }
}
