package dev.zkload.runner.engine.run;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.ensemble.ServerDistribution;
import dev.zkload.bench.machine.CpuPlacement;
import dev.zkload.bench.stats.PrometheusEndpoint;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.text.Plural;
import dev.zkload.zk.ZkClientSecurity;
import dev.zkload.zk.connect.ConnectString;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The ensemble a command works against: either one given with {@code --connect}, checked to answer
 * (and to take the client's credentials) within the connect timeout, or an embedded
 * {@link LocalEnsemble} of the requested ZooKeeper release that this target starts and, on
 * {@link #close()}, stops again. It also holds how the run's clients connect ({@link #security()}).
 */
public final class Target implements AutoCloseable {
    private final ConnectString connectString;
    private final LocalEnsemble ensemble;
    private final ZkClientSecurity security;
    private final String placement;
    /** The remote servers' Prometheus endpoints the preflight found, by host:port. */
    private Map<String, PrometheusEndpoint> prometheus = Map.of();
    /** Servers read beside those --connect names (the leader it left out), with why; never the sessions'. */
    private final Map<ServerAddress, String> added = new LinkedHashMap<>();

    private Target(ConnectString connectString, LocalEnsemble ensemble, ZkClientSecurity security, String placement) {
        this.connectString = connectString;
        this.ensemble = ensemble;
        this.security = security;
        this.placement = placement;
    }

    /**
     * Opens the target: reaches an existing ensemble, or starts the embedded one.
     *
     * @param progress told that an embedded ensemble is starting, and where it serves
     * @throws RunFailure when the ensemble does not answer, refuses the credentials, or cannot start (exit 1)
     */
    public static Target open(TargetSpec spec, RunListener progress) throws InterruptedException {
        if (spec.security().jaas() != null) {
            Jaas.use(spec.security().jaas());
        }
        if (spec.connect() != null) {
            ZkClientSecurity security = spec.security().security(Map.of());
            ConnectCheck.check(spec.connect(), security, spec.connectTimeout());
            return new Target(spec.connect(), null, security, null);
        }
        Optional<CpuPlacement> placement = spec.embedded().placement();
        String placed = Placement.apply(placement, spec.embedded(), progress);
        LocalEnsemble ensemble = build(spec.embedded(), placement, progress);
        progress.line(
                "Starting an embedded ZooKeeper ensemble of %s (%s)...",
                Plural.of(ensemble.size(), "server"), ensemble.distribution());
        try {
            ensemble.start();
        } catch (InterruptedException e) {
            ensemble.close();
            throw e;
        } catch (Exception e) {
            ensemble.close();
            throw new RunFailure("the embedded ensemble did not start: " + e.getMessage(), e);
        }
        ensemble.clientJaas().ifPresent(Jaas::use);
        progress.line("Embedded ensemble serving at %s", ensemble.connectString());
        ConnectString cs = ConnectString.parse(ensemble.connectString());
        Target target = new Target(cs, ensemble, spec.security().security(ensemblePropertiesOf(ensemble)), placed);
        if (spec.embedded().sasl() || !spec.security().equals(ClientSecuritySpec.NONE)) {
            try {
                ConnectCheck.check(cs, target.security, spec.connectTimeout());
            } catch (RunFailure e) {
                ensemble.close();
                throw e;
            }
        }
        return target;
    }

    /** The ensemble's settings with its ZooKeeper release resolved (a progress line while it downloads). */
    private static LocalEnsemble build(
            EmbeddedServers servers, Optional<CpuPlacement> placement, RunListener progress) {
        ServerDistribution distribution;
        try {
            distribution = servers.distribution(progress::line);
        } catch (IOException e) {
            throw new RunFailure(e.getMessage(), e);
        }
        LocalEnsemble.Builder builder = servers.builder(distribution, placement);
        try {
            return builder.build();
        } catch (IllegalArgumentException e) {
            throw new RunFailure("the embedded ensemble cannot be set up: " + e.getMessage(), e);
        }
    }

    /** An embedded TLS ensemble's client properties (its trust and key stores). */
    private static Map<String, String> ensemblePropertiesOf(LocalEnsemble ensemble) {
        return ensemble.clientProperties();
    }

    public ConnectString connectString() {
        return connectString;
    }

    /**
     * The servers the run reads (samples, benchmarks, watches the resources of): the embedded ones, or those
     * {@code --connect} names and any the preflight added to them ({@link #added()}). The simulated sessions connect
     * through {@link #connectString()} alone.
     */
    public List<ServerAddress> servers() {
        if (ensemble != null) {
            return ensemble.servers();
        }
        List<ServerAddress> all = new ArrayList<>(connectString.servers());
        all.addAll(added.keySet());
        return List.copyOf(all);
    }

    /** The servers read beside those {@code --connect} names, by host:port, with why; empty when none. */
    public Map<String, String> added() {
        Map<String, String> byName = new LinkedHashMap<>();
        added.forEach((s, why) -> byName.put(s.hostPort(), why));
        return byName;
    }

    /** Reads {@code server} beside those {@code --connect} names, for the reason given. */
    void read(ServerAddress server, String why) {
        added.put(server, why);
    }

    public boolean embedded() {
        return ensemble != null;
    }

    public Optional<LocalEnsemble> ensemble() {
        return Optional.ofNullable(ensemble);
    }

    /** The Prometheus endpoints of the servers on other machines that answered the preflight, by host:port. */
    public Map<String, PrometheusEndpoint> prometheus() {
        return prometheus;
    }

    void prometheus(Map<String, PrometheusEndpoint> found) {
        this.prometheus = Map.copyOf(found);
    }

    /**
     * Where the embedded servers and this runner run, as run.json says it ({@code runner 0; servers 1, 2, 3}, or
     * {@code shared: …}); null for servers given with {@code --connect}.
     */
    public String placement() {
        return placement;
    }

    /** How the run's clients connect, authenticate, and the ACL of what they create under the root. */
    public ZkClientSecurity security() {
        return security;
    }

    /** Stops the embedded ensemble, if this target started one. */
    @Override
    public void close() {
        if (ensemble != null) {
            ensemble.close();
        }
    }
}
