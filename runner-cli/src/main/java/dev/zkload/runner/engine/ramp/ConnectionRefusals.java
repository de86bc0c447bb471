package dev.zkload.runner.engine.ramp;

import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.stats.StatsSample;
import dev.zkload.bench.threads.DaemonThreads;
import dev.zkload.runner.result.ConnectionLimit;
import dev.zkload.runner.text.Plural;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.FleetSnapshot;
import dev.zkload.zk.connect.ServerAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The servers refusing this runner's connections, watched through a step: a server past its
 * {@code maxClientCnxns} (connections per client address) closes every new connection from this
 * address, the fleet's sessions among them, which then never connect. Two signs, either enough:
 * the server's own {@code zk_connection_rejected} counter rising (ZooKeeper 3.6 and later, read with
 * the 1 Hz statistics while the server still answers them), or sessions that stay unconnected for
 * {@link #GRACE} while a server closes a fresh connection without a byte of answer (a full server
 * refuses the statistics connection too, so its counter cannot be read then). A statistics connection that
 * fails at once (neither stalled nor refused by a closed port) has the servers asked at the next check too.
 *
 * <p>Beside it, the counters of the servers' other limits are followed so a step can name them:
 * requests throttled ({@code globalOutstandingLimit} and the request throttler), stale requests
 * dropped, requests larger than the server takes.
 */
final class ConnectionRefusals {
    /** Sessions unconnected this long are no longer a registration in progress. */
    static final Duration GRACE = Duration.ofSeconds(3);

    /** How often a guarded registration looks for refusals. */
    private static final long POLL_MS = 500;

    static final String REJECTED = "connection_rejected";

    /** The mntr counters of the servers' other limits, with what each says. */
    static final Map<String, String> OTHER_LIMITS = orderedOf(
            "throttled_ops", "requests throttled",
            "request_throttle_wait_count", "requests held by the request throttler",
            "stale_requests_dropped", "stale requests dropped",
            "large_requests_rejected", "requests rejected as too large");

    private final StatsClient stats;
    private final List<ServerAddress> servers;
    private final Map<String, ConnectionLimit> limits;
    private final Supplier<FleetSnapshot> fleet;
    /** Counter → server → value at the step's start, and the latest. */
    private final Map<String, Map<ServerAddress, Long>> first = new HashMap<>();

    private final Map<String, Map<ServerAddress, Long>> last = new HashMap<>();
    /** When each server last missed a round of the statistics: a stalled server is not a full one. */
    private final Map<ServerAddress, Instant> lastSilent = new HashMap<>();

    /** Per server, the connections of zkload's own it was seen closing unanswered in this step. */
    private final Map<ServerAddress, Long> closed = new HashMap<>();

    private Instant pendingSince;

    /**
     * A statistics connection failed at once (no stall, the port not refusing) since the servers were last
     * asked: what a full server does to it, so the next check asks them whether they close connections.
     */
    private boolean suspect;

    /**
     * @param limits each server's {@code maxClientCnxns} by host:port as the preflight read it
     * @param fleet  the fleet's sessions now
     */
    ConnectionRefusals(
            StatsClient stats,
            List<ServerAddress> servers,
            Map<String, ConnectionLimit> limits,
            Supplier<FleetSnapshot> fleet) {
        this.stats = stats;
        this.servers = List.copyOf(servers);
        this.limits = Map.copyOf(limits);
        this.fleet = fleet;
    }

    /** A round of the 1 Hz statistics; the sampler's thread. */
    synchronized void offer(List<StatsSample> round) {
        for (StatsSample s : round) {
            if (s.unresponsive()) {
                lastSilent.put(s.server(), s.time());
            }
            if (!s.reachable()) {
                suspect |= !s.unresponsive() && !s.serverDown();
                continue;
            }
            for (String counter : counters()) {
                long v = s.stats().counter(counter);
                if (v >= 0) {
                    first.computeIfAbsent(counter, c -> new HashMap<>()).putIfAbsent(s.server(), v);
                    last.computeIfAbsent(counter, c -> new HashMap<>()).put(s.server(), v);
                }
            }
        }
    }

    /** A new step: counts start again from the latest readings. */
    synchronized void beginStep() {
        first.clear();
        last.forEach((counter, values) -> first.put(counter, new HashMap<>(values)));
        pendingSince = null;
        closed.clear();
        suspect = false;
    }

    /**
     * The connections each server refused in this step, by host:port: its own {@code connection_rejected} count
     * where it could be read, else the connections of zkload's it was seen closing unanswered; empty when none.
     */
    synchronized Map<String, Long> counts() {
        Map<String, Long> out = new LinkedHashMap<>();
        closed.forEach((s, n) -> out.put(s.hostPort(), n));
        increases(REJECTED).forEach((s, n) -> out.put(s.hostPort(), n));
        return out;
    }

    /**
     * The sentence naming the servers that refused this runner's connections in this step, with the count,
     * the limit and the fix; empty when none did.
     *
     * @param domains the step's domains, for the sentence
     * @param probe   ask every server whether it closes new connections even when no session waits (once a
     *                step: a server full to its limit refuses the benchmark and the statistics, not the fleet)
     */
    Optional<String> refused(int domains, boolean probe) {
        FleetSnapshot now = fleet.get();
        long unconnected = Math.max(0, now.sessionsOpen() - now.sessionsConnected());
        Map<ServerAddress, Long> rejected = increases(REJECTED);
        // once one server is seen refusing, the others are asked too: a full server cannot show its counter
        boolean ask = stuck(unconnected > 0) || probe || !rejected.isEmpty() || takeSuspect();
        List<String> named = new ArrayList<>();
        for (ServerAddress s : servers) {
            Long n = rejected.get(s);
            if (n != null) {
                named.add(s.hostPort() + " refused " + Plural.of(n, "connection") + " (" + limit(s) + ")");
            } else if (ask && !stalled(s) && stats.closesConnections(s)) {
                seenClosing(s);
                named.add(s.hostPort() + " closes new connections from this runner unanswered (" + limit(s) + ")");
            }
        }
        if (named.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(String.join("; ", named) + " at " + Plural.domains(domains)
                + (unconnected > 0 ? ", and " + Plural.of(unconnected, "simulated session") + " could not connect" : "")
                + ": a server takes at most maxClientCnxns connections from one client address (60 unless its zoo.cfg"
                + " says otherwise); set maxClientCnxns=0 (no limit) in the zoo.cfg of every server and restart them, or split the"
                + " run with --shard i/N over N runners on as many machines or addresses");
    }

    /**
     * The server missed a round of the statistics within the last {@link #GRACE}: it is stalled or cut
     * off, and a connection to it that the kernel resets (its accept queue full while the process
     * stands still) says nothing of its connection limit.
     */
    private synchronized boolean stalled(ServerAddress s) {
        Instant silent = lastSilent.get(s);
        return silent != null && silent.isAfter(Instant.now().minus(GRACE));
    }

    /** The other limits whose counters moved in this step, in words; empty when none did. */
    synchronized Optional<String> otherLimits() {
        List<String> moved = new ArrayList<>();
        OTHER_LIMITS.forEach((counter, words) -> increases(counter)
                .forEach((server, n) ->
                        moved.add(String.format(Locale.ROOT, "%s %s +%d (%s)", server.hostPort(), counter, n, words))));
        return moved.isEmpty()
                ? Optional.empty()
                : Optional.of("the servers' limits were met in this step: " + String.join(", ", moved)
                        + " (see zookeeper.globalOutstandingLimit, the request throttler and jute.maxbuffer)");
    }

    /**
     * The fleet's {@code addDomains}, ended within a second when a server refuses the connections (the
     * fleet would otherwise wait out {@code --add-timeout} for sessions that cannot connect).
     *
     * @param domains the step's domains, for the sentence
     */
    DomainAdder.Registration guard(DomainFleet fleet, int domains) {
        return k -> {
            FutureTask<Void> add = new FutureTask<>(() -> {
                fleet.addDomains(k);
                return null;
            });
            Thread adder = DaemonThreads.start("zkload-add-domains", add);
            try {
                while (true) {
                    try {
                        add.get(POLL_MS, TimeUnit.MILLISECONDS);
                        return;
                    } catch (TimeoutException e) {
                        Optional<String> refused = refused(domains, false);
                        if (refused.isPresent()) {
                            // the adder stays blocked on the sessions until the fleet closes, which ends it
                            throw new Refused(refused.get());
                        }
                    }
                }
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                if (e.getCause() instanceof InterruptedException) {
                    throw new InterruptedException();
                }
                throw new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                adder.interrupt();
                throw e;
            }
        };
    }

    /** A registration ended because a server refused its connections. */
    static final class Refused extends RuntimeException {
        Refused(String message) {
            super(message, null, false, false);
        }
    }

    private synchronized Map<ServerAddress, Long> increases(String counter) {
        Map<ServerAddress, Long> out = new LinkedHashMap<>();
        Map<ServerAddress, Long> from = first.getOrDefault(counter, Map.of());
        last.getOrDefault(counter, Map.of()).forEach((server, v) -> {
            long n = v - from.getOrDefault(server, v);
            if (n > 0) {
                out.put(server, n);
            }
        });
        return out;
    }

    private synchronized boolean takeSuspect() {
        boolean was = suspect;
        suspect = false;
        return was;
    }

    private synchronized void seenClosing(ServerAddress s) {
        closed.merge(s, 1L, Long::sum);
    }

    private synchronized boolean stuck(boolean pending) {
        Instant now = Instant.now();
        if (!pending) {
            pendingSince = null;
            return false;
        }
        if (pendingSince == null) {
            pendingSince = now;
        }
        return Duration.between(pendingSince, now).compareTo(GRACE) >= 0;
    }

    private String limit(ServerAddress s) {
        return limits.getOrDefault(s.hostPort(), ConnectionLimit.UNKNOWN).toString();
    }

    private static List<String> counters() {
        List<String> all = new ArrayList<>(OTHER_LIMITS.keySet());
        all.add(REJECTED);
        return all;
    }

    private static Map<String, String> orderedOf(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return map;
    }
}
