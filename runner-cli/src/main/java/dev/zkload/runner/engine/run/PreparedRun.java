package dev.zkload.runner.engine.run;

import dev.zkload.bench.client.RunLock;
import dev.zkload.bench.stats.ClientTls;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.Version;
import dev.zkload.runner.engine.health.GeneratorMonitor;
import dev.zkload.runner.result.ResultFiles;
import dev.zkload.runner.result.ResultWriter;
import dev.zkload.runner.result.RunDescription;
import dev.zkload.runner.result.ServerCheck;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.ModelFile;
import dev.zkload.zk.claim.RootLock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import javax.net.ssl.SSLSocketFactory;

/**
 * The start every command that loads an ensemble shares, in the order that keeps a refused run from
 * leaving anything behind: the target (started, or reached), the preflight of every server, the run's
 * root created and locked, and only then the results folder with {@code run.json} in it.
 */
public final class PreparedRun implements AutoCloseable {
    private final String command;
    private final String runId;
    private final Instant startTime = Instant.now();
    private final Target target;
    private final StatsClient stats;
    private final List<ServerCheck> servers;
    private final RunLock lock;
    private final ResultWriter results;
    private final EmbeddedServers embedded;
    private final ClientSecuritySpec security;
    /** Told of the tree a quit would leave, and of its removal. */
    private final RunListener listener;
    /** The clean command a quit without cleanup leaves for until {@link #close()} removed the root; null when none. */
    private String cleanOnQuit;

    private PreparedRun(
            String command,
            String runId,
            Target target,
            StatsClient stats,
            List<ServerCheck> servers,
            RunLock lock,
            ResultWriter results,
            TargetSpec spec,
            RunListener listener) {
        this.command = command;
        this.runId = runId;
        this.target = target;
        this.stats = stats;
        this.servers = servers;
        this.lock = lock;
        this.results = results;
        this.embedded = spec.embedded();
        this.security = spec.security();
        this.listener = listener;
    }

    /**
     * Opens the target and checks it; creates and locks the root; creates the results folder.
     *
     * @throws RunFailure when the target or a check refuses (exit 1)
     */
    public static PreparedRun open(RunStart start, RunListener listener) throws InterruptedException {
        return open(start, listener, null);
    }

    /**
     * As {@link #open(RunStart, RunListener)}, and refuses a plan whose connections from this address do
     * not fit under a server's {@code maxClientCnxns}.
     *
     * @param demand the connections the run opens; null when not checked
     */
    public static PreparedRun open(RunStart start, RunListener listener, ConnectionDemand demand)
            throws InterruptedException {
        Target target = Target.open(start.target(), listener);
        RunLock lock = null;
        try {
            StatsClient stats = new StatsClient(Duration.ofSeconds(2), start.adminUrls(), tls(target));
            Consumer<String> warn = w -> listener.line("warning: " + w);
            List<ServerCheck> servers =
                    Preflight.servers(target.servers(), stats, start.metricsRequired(), demand, warn);
            // said once every server the run reads has been checked, its Prometheus endpoint too
            List<String> added = new ArrayList<>();
            if (start.metricsRequired() && !target.embedded() && LeaderLookup.needed(servers)) {
                servers = withLeader(target, servers, stats, added::add);
            }
            target.prometheus(start.prometheus().find(target.servers(), target.embedded(), warn));
            added.forEach(warn);
            RunLock.Owner owner = new RunLock.Owner(
                    start.kind().command(),
                    start.runId(),
                    ProcessHandle.current().pid(),
                    RootLock.localHost(),
                    Instant.now());
            lock = Preflight.lock(
                    target.connectString().toString(),
                    target.security(),
                    start.target().connectTimeout(),
                    start.root(),
                    owner,
                    start.force());
            if (!target.embedded()) {
                LeftoverWarning.print(target, start, listener);
            }
            ResultWriter results;
            try {
                results = ResultWriter.create(start.out());
            } catch (IllegalArgumentException e) {
                throw new RunFailure("--out: " + e.getMessage(), e);
            }
            PreparedRun run = new PreparedRun(
                    start.kind().command(),
                    start.runId(),
                    target,
                    stats,
                    servers,
                    lock,
                    results,
                    start.target(),
                    listener);
            // an embedded ensemble's data goes with its servers; an existing ensemble keeps the tree
            if (!target.embedded()) {
                run.cleanOnQuit = run.cleanCommand();
                listener.treeLeftIfQuit(run.cleanOnQuit);
            }
            return run;
        } catch (RuntimeException | InterruptedException e) {
            if (lock != null) {
                lock.close();
            }
            target.close();
            throw e;
        }
    }

    /**
     * The checks with the leader {@code --connect} left out, which the target then reads too (said in one warning);
     * the checks as they are when every member is in the connect string.
     *
     * @throws RunFailure when the leader cannot be found or read
     */
    private static List<ServerCheck> withLeader(
            Target target, List<ServerCheck> checks, StatsClient stats, Consumer<String> warn)
            throws InterruptedException {
        Optional<LeaderLookup.Found> leader = LeaderLookup.find(target.servers(), checks, stats);
        if (leader.isEmpty()) {
            return checks;
        }
        target.read(leader.get().address(), leader.get().why());
        warn.accept(LeaderLookup.warning(leader.get(), checks));
        List<ServerCheck> all = new ArrayList<>(checks);
        all.add(leader.get().check());
        return List.copyOf(all);
    }

    /** The TLS sockets the servers' four-letter words go over when the sessions use TLS; null otherwise. */
    private static SSLSocketFactory tls(Target target) {
        try {
            return ClientTls.socketFactory(target.security());
        } catch (IllegalArgumentException e) {
            throw new RunFailure(e.getMessage(), e);
        }
    }

    /** Writes {@code run.json}: the tool, the command line, the target as the preflight found it, the model and settings. */
    public void writeRun(List<String> arguments, Map<String, Object> model, Map<String, Object> settings) {
        results.writeRun(new RunDescription(
                ResultFiles.SCHEMA_VERSION,
                "zkload",
                Version.current(),
                command,
                arguments,
                startTime,
                runId,
                lock.root(),
                model,
                targetMap(),
                settings));
    }

    private Map<String, Object> targetMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("connectString", target.connectString().toString());
        map.put("embedded", target.embedded());
        map.put("servers", servers);
        if (!target.added().isEmpty()) {
            map.put("added", target.added());
        }
        if (!target.prometheus().isEmpty()) {
            Map<String, String> urls = new LinkedHashMap<>();
            target.prometheus().forEach((s, e) -> urls.put(s, e.url().toString()));
            map.put("prometheus", urls);
        }
        target.ensemble().ifPresent(e -> {
            map.put("serverVersion", e.distribution().version().toString());
            map.put("serverSource", e.distribution().source());
        });
        if (embedded != null) {
            embedded.describe(map);
            map.put("placement", target.placement());
        }
        map.put("security", security.describe(embedded != null && embedded.tls(), embedded != null && embedded.sasl()));
        return map;
    }

    public Target target() {
        return target;
    }

    public StatsClient stats() {
        return stats;
    }

    public List<ServerCheck> servers() {
        return servers;
    }

    public ResultWriter results() {
        return results;
    }

    public String root() {
        return lock.root();
    }

    /**
     * The builder of the run's simulated fleet, the same for every command: on the run's target with its
     * security, on a root of its own inside the run's (the fleet claims it; the run's lock holds the run's),
     * with the model's domains, and how late its job fires begin told to the runner's health.
     */
    public DomainFleet.Builder fleet(ModelFile models, GeneratorMonitor monitor) {
        return DomainFleet.builder(target.connectString().toString())
                .security(target.security())
                .root(root() + "/sim")
                .modelFile(models)
                .fireLagListener(monitor.fireLagListener());
    }

    /** The {@code clean} command that removes this run's tree, naming its security options if it has any. */
    public String cleanCommand() {
        return CleanHint.of(target, security, root());
    }

    /** Releases the root's lock (removing the root if it is empty by then) and stops an embedded ensemble. */
    @Override
    public void close() {
        try {
            results.close();
        } finally {
            try {
                lock.close();
                if (cleanOnQuit != null) {
                    listener.treeRemoved(cleanOnQuit);
                }
            } finally {
                target.close();
            }
        }
    }
}
