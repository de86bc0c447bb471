package dev.zkload.runner.engine.run;

import dev.zkload.bench.stats.ServerConfig;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.result.ServerCheck;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The servers' limits a plan meets before any load: each server's {@code maxClientCnxns} (ZooKeeper's
 * default is 60 connections per client address, and every session of this runner comes from one
 * address) read from its configuration and held against the connections the plan opens
 * ({@link ConnectionDemand}). A plan that cannot fit is refused in one sentence with the fixes; a
 * server whose configuration cannot be read is a warning, and the run goes on (the ramp then names
 * the limit when the server refuses connections).
 */
final class ServerLimits {
    private ServerLimits() {}

    /**
     * Reads every server's configuration, records its {@code maxClientCnxns} and the voters it lists in its check, and checks
     * the plan against it.
     *
     * @param checks   the preflight's checks, one per server in the same order
     * @param demand   the connections the run opens, or null for a command that is not checked
     * @param warnings told, in one line, of the servers whose configuration cannot be read
     * @throws RunFailure when the plan cannot fit under a server's limit
     */
    static List<ServerCheck> check(
            List<ServerAddress> servers,
            StatsClient stats,
            List<ServerCheck> checks,
            ConnectionDemand demand,
            Consumer<String> warnings)
            throws InterruptedException {
        Map<ServerAddress, Long> limits = new LinkedHashMap<>();
        Map<String, List<String>> unreadable = new LinkedHashMap<>();
        List<ServerCheck> recorded = new ArrayList<>();
        for (int i = 0; i < servers.size(); i++) {
            ServerAddress s = servers.get(i);
            long limit;
            int voters = -1;
            try {
                ServerConfig config = stats.configuration(s);
                limit = config.maxClientCnxns();
                voters = config.voters();
            } catch (IOException e) {
                limit = -1;
                unreadable
                        .computeIfAbsent(e.getMessage(), m -> new ArrayList<>())
                        .add(s.hostPort());
            }
            limits.put(s, limit);
            recorded.add(checks.get(i).withConfiguration(limit, voters));
        }
        if (demand != null) {
            Optional<String> refusal = refusal(limits, demand);
            if (refusal.isPresent()) {
                throw new RunFailure(refusal.get());
            }
            if (!unreadable.isEmpty()) {
                warnings.accept(unread(unreadable, demand, servers.size()));
            }
        }
        return recorded;
    }

    /**
     * The sentence refusing the plan at the first step whose connections do not fit under a server's
     * limit, naming the server with the lowest limit; empty when the plan fits (or no limit is known).
     *
     * @param limits each server's {@code maxClientCnxns}: 0 no limit, -1 unknown
     */
    static Optional<String> refusal(Map<ServerAddress, Long> limits, ConnectionDemand demand) {
        Optional<Map.Entry<ServerAddress, Long>> lowest = limits.entrySet().stream()
                .filter(e -> e.getValue() > 0)
                .min(Comparator.comparingLong(Map.Entry::getValue));
        if (lowest.isEmpty()) {
            return Optional.empty();
        }
        long limit = lowest.get().getValue();
        int servers = limits.size();
        for (ConnectionDemand.Step step : demand.steps()) {
            int need = demand.perServer(step, servers);
            if (need > limit) {
                return Optional.of(String.format(
                        Locale.ROOT,
                        "%s takes at most %d connections from one client address (maxClientCnxns=%d), and this"
                                + " plan needs up to %d on one server from this runner at %d domains%s of its %d: %s;"
                                + " set maxClientCnxns=0 (no limit) in the zoo.cfg of every server and restart them,"
                                + " or split the run with --shard i/N over N runners on as many machines or addresses",
                        lowest.get().getKey().hostPort(),
                        limit,
                        limit,
                        need,
                        step.domains(),
                        step.mine() == step.domains() ? "" : " (this runner's " + step.mine() + ")",
                        demand.last().domains(),
                        arithmetic(demand, step, servers)));
            }
        }
        return Optional.empty();
    }

    /** How the connections of a step add up, in words. */
    private static String arithmetic(ConnectionDemand demand, ConnectionDemand.Step step, int servers) {
        String perDomain = step.sessions() == step.mine() * demand.sessionsPerDomain()
                ? demand.sessionsPerDomain() + " a domain"
                : "up to " + demand.sessionsPerDomain() + " a domain, each kind of the mix by its share";
        String sessions = step.sessions() + " simulated sessions (" + perDomain + ") and "
                + ConnectionDemand.OWN_SESSIONS + " of zkload's own";
        String spread = servers == 1
                ? sessions
                : sessions + " spread at random over " + servers
                        + " servers, with a margin for the client's random choice of server";
        return spread + ", plus the benchmark's session and two statistics connections";
    }

    /** The warning for servers whose configuration could not be read: their names, grouped by the reason. */
    private static String unread(Map<String, List<String>> unreadable, ConnectionDemand demand, int servers) {
        List<String> groups = new ArrayList<>();
        unreadable.forEach((reason, names) -> groups.add(String.join(", ", names) + " (" + reason + ")"));
        long count = unreadable.values().stream().mapToLong(List::size).sum();
        return String.format(
                Locale.ROOT,
                "the configuration of %s cannot be read, so whether %s maxClientCnxns (60 by default) takes this"
                        + " runner's up to %d connections per server at %d domains is not checked before the load; add"
                        + " \"conf\" to 4lw.commands.whitelist (or enable the AdminServer) to have it checked",
                String.join("; ", groups),
                count == 1 ? "its" : "their",
                demand.perServer(demand.last(), servers),
                demand.last().domains());
    }
}
