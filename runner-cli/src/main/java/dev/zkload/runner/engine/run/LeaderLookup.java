package dev.zkload.runner.engine.run;

import dev.zkload.bench.stats.Membership;
import dev.zkload.bench.stats.MetricAccess;
import dev.zkload.bench.stats.ServerState;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.result.ServerCheck;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The leader a {@code --connect} leaves out, looked up before any load. Saturation is the leader's queue, so a
 * run whose connect string names only followers or observers would otherwise sample, benchmark and judge servers
 * that never hold it, and call every step unobservable. The members the ensemble publishes ({@link Membership})
 * name the leader's address: the leader found there is read like the servers {@code --connect} names, and never
 * given the simulated sessions, which keep to the connect string. Where it cannot be found or read, the run is
 * refused before it starts.
 */
final class LeaderLookup {
    private LeaderLookup() {}

    /**
     * The leader found and read.
     *
     * @param address where it serves clients
     * @param check   what the preflight records of it, as of every server
     * @param foundIn the server and source whose membership named it: {@code 127.0.0.1:2184's membership (conf)}
     */
    record Found(ServerAddress address, ServerCheck check, String foundIn) {
        /** Why run.json lists it among the servers read. */
        String why() {
            return "the leader, which --connect does not name: found in " + foundIn;
        }
    }

    /** True when no server of the checks leads: the case this lookup is for. */
    static boolean needed(List<ServerCheck> checks) {
        return checks.stream()
                .noneMatch(c -> c.mode().equals("leader") || c.mode().equals("standalone"));
    }

    /**
     * Looks the leader up among the members the checked servers publish and {@code --connect} does not name.
     *
     * @param connect the servers {@code --connect} names, checked in {@code checks} in the same order
     * @return the leader, read; empty when every member is in {@code --connect} (none leads now: an election)
     * @throws RunFailure when the membership cannot be read, or the leader is not among the members or does not
     *     give its statistics
     */
    static Optional<Found> find(List<ServerAddress> connect, List<ServerCheck> checks, StatsClient stats)
            throws InterruptedException {
        Membership membership = membership(connect, checks, stats);
        Set<String> named = connect.stream().map(ServerAddress::hostPort).collect(Collectors.toSet());
        List<String> others = new ArrayList<>();
        List<Membership.Member> voters = membership.members().stream()
                .filter(m -> !m.observer())
                .filter(m -> m.client() == null || !named.contains(m.client().hostPort()))
                .toList();
        if (voters.isEmpty()) {
            return Optional.empty();
        }
        String foundIn = membership.server().hostPort() + "'s membership (" + membership.source() + ")";
        for (Membership.Member m : voters) {
            if (m.client() == null) {
                others.add("server." + m.id() + ": its client address is not published");
                continue;
            }
            ServerState state;
            try {
                state = stats.summary(m.client()).state();
            } catch (IOException e) {
                others.add(m.client().hostPort() + ": no answer (" + Preflight.message(e) + ")");
                continue;
            }
            if (state == ServerState.LEADER) {
                return Optional.of(read(m.client(), stats, checks, foundIn));
            }
            others.add(m.client().hostPort() + ": " + state.name().toLowerCase(java.util.Locale.ROOT));
        }
        throw new RunFailure(refused(checks) + ": none of the voters it leaves out, as " + foundIn
                + " lists them, leads (" + String.join("; ", others)
                + "); add the leader's address to --connect, or run again once the ensemble has elected one");
    }

    /** The first membership a checked server publishes; refuses when none can be read. */
    private static Membership membership(List<ServerAddress> connect, List<ServerCheck> checks, StatsClient stats)
            throws InterruptedException {
        List<String> reasons = new ArrayList<>();
        boolean unreadable = false;
        for (ServerAddress s : connect) {
            try {
                Membership m = stats.membership(s);
                if (!m.members().isEmpty()) {
                    return m;
                }
                reasons.add(
                        s.hostPort() + "'s " + m.source() + " lists no members (ZooKeeper before 3.5 publishes none)");
            } catch (IOException e) {
                unreadable = true;
                reasons.add(s.hostPort() + ": " + Preflight.message(e));
            }
        }
        throw new RunFailure(refused(checks) + ": the ensemble's membership, in which zkload looks for it, cannot be"
                + " read (" + String.join("; ", reasons) + "); add the leader's address to --connect"
                + (unreadable
                        ? ", or add \"conf\" to 4lw.commands.whitelist (or enable the AdminServer) so that zkload"
                                + " finds it"
                        : ""));
    }

    /** The leader's statistics, checked as every server's are; refuses when they cannot be read. */
    private static Found read(ServerAddress leader, StatsClient stats, List<ServerCheck> checks, String foundIn)
            throws InterruptedException {
        String fix = "; make its statistics readable from this machine and add it to --connect, or run with"
                + " --no-server-metrics and accept that saturation cannot be observed";
        String found =
                refused(checks) + ": zkload found the leader, " + leader.hostPort() + ", in " + foundIn + ", but it ";
        MetricAccess access;
        try {
            access = stats.access(leader);
        } catch (IOException e) {
            throw new RunFailure(found + "does not answer (" + Preflight.message(e) + ")" + fix, e);
        }
        if (!access.complete()) {
            throw new RunFailure(found + "does not give its statistics (" + Preflight.unreadable(access) + ")" + fix);
        }
        ServerCheck check = ServerLimits.check(List.of(leader), stats, List.of(Preflight.check(access)), null, w -> {})
                .get(0);
        return new Found(leader, check, foundIn);
    }

    /** The warning that says the leader is read beside the servers {@code --connect} names. */
    static String warning(Found leader, List<ServerCheck> checks) {
        return "--connect names no leader (" + roles(checks) + "): zkload reads the leader too, "
                + leader.address().hostPort() + ", found in " + leader.foundIn()
                + ", for its statistics, its resources and the seven-op benchmark; the simulated sessions connect"
                + " only to the servers --connect names";
    }

    /** The opening of every refusal: what --connect names, and why that cannot be judged. */
    private static String refused(List<ServerCheck> checks) {
        return "--connect names no leader (" + roles(checks) + "), and the leader's queue, which decides saturation,"
                + " cannot be judged without the leader's address";
    }

    /** {@code 127.0.0.1:2184: observer, 127.0.0.1:2185: observer}. */
    private static String roles(List<ServerCheck> checks) {
        return checks.stream().map(c -> c.server() + ": " + c.mode()).collect(Collectors.joining(", "));
    }
}
