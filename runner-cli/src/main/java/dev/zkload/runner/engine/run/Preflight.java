package dev.zkload.runner.engine.run;

import dev.zkload.bench.client.RunLock;
import dev.zkload.bench.stats.MetricAccess;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.result.ServerCheck;
import dev.zkload.runner.text.Plural;
import dev.zkload.zk.ZkClientSecurity;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.apache.zookeeper.KeeperException;

/**
 * What a run checks before it puts any load on the ensemble, so that it fails in one sentence that
 * names the fix instead of running blind: every server answers, gives its statistics (four-letter
 * words or the AdminServer) unless the run was told to do without, and the run's root can be created
 * and locked under the client's credentials.
 */
public final class Preflight {
    /**
     * The words a whitelist must hold: the statistics, and {@code conf}, from which the maxClientCnxns a
     * plan must fit and the voters are read (without it that check cannot run).
     */
    static final List<String> WHITELIST = java.util.stream.Stream.concat(
                    StatsClient.NEEDED_WORDS.stream(), java.util.stream.Stream.of("conf"))
            .toList();

    /**
     * The lock's session timeout, Saturn's own: a killed run's lock goes this long after the kill, and a
     * live run whose lock session expired has lost its simulated sessions too.
     */
    static final Duration LOCK_SESSION = Duration.ofSeconds(20);

    private Preflight() {}

    /**
     * Checks every server.
     *
     * @param metricsRequired false with {@code --no-server-metrics}: servers without statistics are recorded, not refused
     * @throws RunFailure naming the servers and the {@code zoo.cfg} line that would fix them
     */
    public static List<ServerCheck> servers(List<ServerAddress> servers, StatsClient stats, boolean metricsRequired)
            throws InterruptedException {
        return servers(servers, stats, metricsRequired, null, w -> {});
    }

    /**
     * Checks every server, and the plan's connections against each server's limits ({@link ServerLimits}).
     *
     * @param demand   the connections the run opens from this address; null when not checked
     * @param warnings told of what could not be checked
     * @throws RunFailure naming the servers and the {@code zoo.cfg} line that would fix them
     */
    public static List<ServerCheck> servers(
            List<ServerAddress> servers,
            StatsClient stats,
            boolean metricsRequired,
            ConnectionDemand demand,
            Consumer<String> warnings)
            throws InterruptedException {
        List<ServerCheck> checks = new ArrayList<>();
        List<MetricAccess> blind = new ArrayList<>();
        List<String> down = new ArrayList<>();
        for (ServerAddress s : servers) {
            MetricAccess access;
            try {
                access = stats.access(s);
            } catch (IOException e) {
                down.add(s.hostPort() + " (" + message(e) + ")");
                checks.add(new ServerCheck(s.hostPort(), "unknown (the server does not answer)", "unknown", "none"));
                continue;
            }
            if (!access.complete()) {
                blind.add(access);
            }
            checks.add(check(access));
        }
        if (metricsRequired && !down.isEmpty()) {
            throw new RunFailure(
                    Plural.opening(down.size(), "server") + " of the ensemble " + (down.size() == 1 ? "does" : "do")
                            + " not answer on the client port: " + String.join(", ", down)
                            + "; a capacity run needs every server up");
        }
        if (metricsRequired && !blind.isEmpty()) {
            throw new RunFailure(noMetrics(blind));
        }
        return ServerLimits.check(servers, stats, checks, demand, warnings);
    }

    /** How run.json records a server that answered: its version, role and the source of its statistics. */
    static ServerCheck check(MetricAccess access) {
        String version = access.version() != null ? access.version() : unknownVersion(access);
        return new ServerCheck(
                access.server().hostPort(),
                version,
                access.state().name().toLowerCase(Locale.ROOT),
                access.describeSource());
    }

    /** An exception's message, or its kind when it has none. */
    static String message(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** Why a server's version is not known: which source failed. */
    private static String unknownVersion(MetricAccess access) {
        String words = access.wordProblem() != null ? access.wordProblem() : "srvr is not whitelisted";
        return "unknown (" + words + " and no AdminServer answers)";
    }

    /** The one sentence for servers whose statistics cannot be read, with the line that fixes it. */
    static String noMetrics(List<MetricAccess> blind) {
        MetricAccess first = blind.get(0);
        String who = blind.size() == 1
                ? first.server().hostPort()
                : blind.size() + " servers ("
                        + String.join(
                                ", ",
                                blind.stream().map(a -> a.server().hostPort()).toList()) + ")";
        return who + (blind.size() == 1 ? " does" : " do") + " not give zkload the statistics a capacity run reads:"
                + " " + unreadable(first)
                + ". " + wordsFix(first.refusedWords(), blind.size())
                + " enable the AdminServer (\"admin.enableServer=true\") and give its address with --admin-port or"
                + " --admin-url, or run with --no-server-metrics and accept that saturation cannot be observed";
    }

    /**
     * Why a server's statistics cannot be read, as a clause: {@code "mntr" and "cons" are not in
     * 4lw.commands.whitelist, and no AdminServer answers at …}.
     */
    static String unreadable(MetricAccess access) {
        List<String> words = access.refusedWords();
        List<String> causes = new ArrayList<>();
        if (!words.isEmpty()) {
            causes.add(quoted(words) + (words.size() == 1 ? " is" : " are") + " not in 4lw.commands.whitelist");
        }
        if (access.wordProblem() != null) {
            causes.add(access.wordProblem());
        }
        return String.join(", ", causes) + ", and "
                + (access.adminProblem() == null ? "no AdminServer answers" : access.adminProblem());
    }

    /** The first fix: whitelist the refused words, or, when none was refused, let their connections through. */
    private static String wordsFix(List<String> refused, int servers) {
        if (refused.isEmpty()) {
            return "Let the four-letter words' connections through (maxClientCnxns, a firewall), or";
        }
        String line = "4lw.commands.whitelist=" + String.join(",", WHITELIST);
        return "Add the line \"" + line + "\" to " + (servers == 1 ? "its" : "their")
                + " zoo.cfg (keeping any other words you use), or";
    }

    /**
     * Creates the run's root (marked as zkload's) and takes its lock, which {@code clean} respects.
     *
     * @throws RunFailure when the ensemble's ACL denies it, or another live run holds the root
     */
    public static RunLock lock(
            String connectString,
            ZkClientSecurity security,
            Duration connectTimeout,
            String root,
            RunLock.Owner owner,
            boolean force)
            throws InterruptedException {
        try {
            return RunLock.acquire(connectString, security, LOCK_SESSION, connectTimeout, root, owner, force);
        } catch (KeeperException.NoAuthException e) {
            throw new RunFailure(
                    "cannot use the run's root " + root + ": the ensemble's ACL on " + e.getPath()
                            + " does not let this client in (NoAuth); give the credentials that created it"
                            + " (--auth, --jaas, a TLS client certificate), or choose another root",
                    e);
        } catch (KeeperException e) {
            throw new RunFailure("cannot create the run's root " + root + ": " + e.getMessage(), e);
        } catch (RunLock.HeldException e) {
            throw new RunFailure(e.getMessage() + "; choose another root, or wait for that run to end", e);
        } catch (IllegalStateException | IOException e) {
            throw new RunFailure(e.getMessage(), e);
        }
    }

    private static String quoted(List<String> words) {
        List<String> q = words.stream().map(w -> "\"" + w + "\"").toList();
        return q.size() == 1 ? q.get(0) : String.join(", ", q.subList(0, q.size() - 1)) + " and " + q.get(q.size() - 1);
    }
}
