package dev.zkload.bench.ensemble;

import dev.zkload.zk.ZkClientSecurity;
import dev.zkload.zk.connect.ServerAddress;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A real ZooKeeper ensemble of 1, 3 or 5 servers, each forked as its own JVM on loopback from the
 * real {@code org.apache.zookeeper} classes: standalone for one server, quorum (real leader
 * election) for three or five, to which observers may be added (servers that serve clients and
 * follow the leader without voting).
 *
 * <pre>{@code
 * try (LocalEnsemble zk = LocalEnsemble.builder().servers(3).zooCfg("snapCount", "1000000").build()) {
 *     zk.start();                       // returns when every server serves and a leader is elected
 *     String hosts = zk.connectString(); // "127.0.0.1:41213,127.0.0.1:38107,127.0.0.1:45519"
 *     zk.kill(zk.leader());             // SIGKILL; the others elect a new leader
 * }
 * }</pre>
 *
 * <p>Hazards: servers never outlive the JVM that forked them, however it ends (even SIGKILL):
 * each watches its stdin pipe. Server ids are 1-based, like {@code myid}. Every port is picked
 * free on 127.0.0.1 at {@link #start()}; a port taken between the pick and the bind fails the
 * start with the server's own message.
 */
public interface LocalEnsemble extends Closeable {
    /** The {@code taskset} that places servers on their CPUs, if this machine has it. */
    Optional<Path> TASKSET = java.util.stream.Stream.of("/usr/bin/taskset", "/bin/taskset")
            .map(Path::of)
            .filter(Files::isExecutable)
            .findFirst();

    static Builder builder() {
        return new Builder();
    }

    /** Forks every server and returns when the ensemble serves. */
    void start() throws IOException, InterruptedException;

    /** {@code 127.0.0.1:p1,127.0.0.1:p2,...}, in server id order. */
    String connectString();

    /** Every server's client and admin ports, in server id order, the observers' included. */
    List<ServerAddress> servers();

    /** How many servers it has, the observers included. */
    int size();

    /** The ids of its observers, which come after the voters'; empty when it has none. */
    List<Integer> observers();

    /** Stops server {@code id} gracefully (SIGTERM) and waits for it to end. */
    void stop(int id) throws InterruptedException;

    /** Kills server {@code id} with SIGKILL and waits for it to end. */
    void kill(int id) throws InterruptedException;

    /** Starts server {@code id} again on its ports and data, and waits until it serves. */
    void restart(int id) throws IOException, InterruptedException;

    boolean isRunning(int id);

    /** The id of the current leader (the only server when standalone); -1 when there is none. */
    int leader();

    /** CPU time and memory of server {@code id}'s process now. */
    ProcessStats processStats(int id);

    /**
     * Where server {@code id}'s JVM logs its garbage collections ({@code -Xlog:gc}, read with
     * {@link dev.zkload.bench.machine.GcLog}); empty when its JDK, older than Java 9, writes no such log.
     */
    Optional<Path> gcLog(int id);

    /**
     * What a client needs to connect once started: TLS properties and material for a TLS ensemble,
     * {@link ZkClientSecurity#NONE} for a plain one. A SASL ensemble's login is in {@link #clientJaas()}.
     */
    ZkClientSecurity clientSecurity();

    /**
     * The {@code ZKClientConfig} properties a client needs once started (a TLS ensemble's client key
     * store, trust store and their password; a SASL ensemble's FIPS switch, off for DIGEST-MD5); empty for a plain
     * ensemble. Secret: never print them.
     */
    Map<String, String> clientProperties();

    /**
     * The JAAS file that logs a client in to a SASL ensemble as the user it was built with; a client JVM
     * names it in the system property {@code java.security.auth.login.config}. Empty without SASL.
     */
    Optional<Path> clientJaas();

    /** The ZooKeeper the servers run. */
    ServerDistribution distribution();

    /** Server {@code id}'s {@code dataDir}: its snapshots and transaction logs are in {@code version-2} below it. */
    Path dataDir(int id);

    /** Stops every server; deletes the data unless a base directory was given. Idempotent. */
    @Override
    void close();

    /** Settings of a {@link LocalEnsemble}; {@link #build()} validates them. */
    final class Builder {
        private int servers = 1;
        private int observers;
        private Path javaHome = Path.of(System.getProperty("java.home"));
        private List<String> jvmFlags = List.of();
        private String heap = "512m";
        private final Map<String, String> zooCfg = new LinkedHashMap<>();
        private Path baseDir;
        private Duration startTimeout = Duration.ofSeconds(60);
        private List<Path> classpath;
        private ServerDistribution distribution;
        private boolean tls;
        private SaslDigest sasl;
        private List<java.util.Set<Integer>> serverCpus = List.of();

        Builder() {}

        /**
         * Runs each server on CPUs of its own ({@code taskset -c}), in server order, e.g. from
         * {@link dev.zkload.bench.machine.CpuPlacement}. Default: every server may use every CPU.
         */
        public Builder serverCpus(List<java.util.Set<Integer>> serverCpus) {
            this.serverCpus = serverCpus.stream().map(java.util.Set::copyOf).toList();
            return this;
        }

        /**
         * The ZooKeeper to fork: {@link ServerDistribution#resolve} a release, or {@link
         * ServerDistribution#home} an installed one. Default: the one zkload is built with.
         */
        public Builder distribution(ServerDistribution distribution) {
            this.distribution = Objects.requireNonNull(distribution, "distribution");
            return this;
        }

        /**
         * Clients connect over TLS only (ZooKeeper 3.5 and later): a CA, a server and a client
         * certificate are generated for this ensemble, and there is no plain client port. Default false.
         */
        public Builder tls(boolean tls) {
            this.tls = tls;
            return this;
        }

        /**
         * Clients must log in with SASL DIGEST-MD5 as {@code user} with {@code password} (the servers'
         * JAAS file knows that one user); {@link LocalEnsemble#clientJaas()} gives a client's JAAS file.
         */
        public Builder saslDigest(String user, String password) {
            this.sasl = new SaslDigest(user, password);
            return this;
        }

        /** The voters: 1 (standalone), 3 or 5 (quorum). Default 1. */
        public Builder servers(int servers) {
            this.servers = servers;
            return this;
        }

        /**
         * Observers beside a quorum's voters, with the ids after theirs: {@code servers(3).observers(2)} forks five
         * servers, 4 and 5 observing. Default 0.
         */
        public Builder observers(int observers) {
            this.observers = observers;
            return this;
        }

        /** The JDK that runs the servers. Default: the current JVM's. */
        public Builder javaHome(Path javaHome) {
            this.javaHome = Objects.requireNonNull(javaHome, "javaHome");
            return this;
        }

        /** Extra JVM flags of every server, e.g. {@code -XX:+UseG1GC}. */
        public Builder jvmFlags(List<String> jvmFlags) {
            this.jvmFlags = List.copyOf(jvmFlags);
            return this;
        }

        /** {@code -Xms} and {@code -Xmx} of every server, e.g. {@code 512m}; {@code null} for the JVM's default. */
        public Builder heap(String heap) {
            this.heap = heap;
            return this;
        }

        /** Sets (or overrides) one {@code zoo.cfg} entry, e.g. {@code snapCount}, {@code forceSync}. */
        public Builder zooCfg(String key, String value) {
            zooCfg.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /** Where data dirs, configs and logs go; kept after close. Default: a temp dir, deleted at close. */
        public Builder baseDir(Path baseDir) {
            this.baseDir = baseDir;
            return this;
        }

        /** How long {@link LocalEnsemble#start()} waits for the ensemble to serve. Default 60 s. */
        public Builder startTimeout(Duration startTimeout) {
            this.startTimeout = Objects.requireNonNull(startTimeout, "startTimeout");
            return this;
        }

        /** The servers' classpath. Default: this JVM's {@code java.class.path}. */
        public Builder classpath(List<Path> classpath) {
            this.classpath = List.copyOf(classpath);
            return this;
        }

        /**
         * The ensemble these settings describe, not started yet.
         *
         * @throws IllegalArgumentException naming the setting that is wrong
         */
        public LocalEnsemble build() {
            if (servers != 1 && servers != 3 && servers != 5) {
                throw new IllegalArgumentException("servers must be 1, 3 or 5, got " + servers);
            }
            if (observers < 0 || (observers > 0 && servers == 1)) {
                throw new IllegalArgumentException("observers follow a quorum's leader: 0 or more beside 3 or 5"
                        + " servers, got " + observers + " beside " + servers);
            }
            int size = servers + observers;
            Path java = javaHome.resolve("bin").resolve("java");
            if (!Files.isExecutable(java)) {
                throw new IllegalArgumentException(
                        "javaHome " + javaHome + " is not a JDK: there is no executable bin/java");
            }
            if (heap != null && !heap.matches("\\d+[kKmMgG]?")) {
                throw new IllegalArgumentException("heap must be a size like 512m or 4g, got '" + heap + "'");
            }
            if (!serverCpus.isEmpty() && serverCpus.size() != size) {
                throw new IllegalArgumentException(
                        "serverCpus must name the CPUs of each of the " + size + " servers, got " + serverCpus.size());
            }
            if (!serverCpus.isEmpty() && !TASKSET.isPresent()) {
                throw new IllegalArgumentException(
                        "serverCpus needs taskset (util-linux), which is not on this machine");
            }
            if (startTimeout.isNegative() || startTimeout.isZero()) {
                throw new IllegalArgumentException("startTimeout must be positive, got " + startTimeout);
            }
            // absolute, because each server runs in its own directory
            List<String> cp = new ArrayList<>();
            if (classpath == null) {
                for (String entry : System.getProperty("java.class.path").split(File.pathSeparator, -1)) {
                    cp.add(Path.of(entry).toAbsolutePath().toString());
                }
            } else {
                classpath.forEach(p -> cp.add(p.toAbsolutePath().toString()));
            }
            ServerDistribution dist = distribution != null ? distribution : ServerDistribution.bundled();
            if (tls && !dist.version().atLeast(3, 5)) {
                throw new IllegalArgumentException(
                        "TLS for clients needs ZooKeeper 3.5 or later; " + dist.version() + " has none");
            }
            ServerSettings settings = new ServerSettings(
                    java,
                    jvmFlags,
                    heap,
                    Map.copyOf(zooCfg),
                    String.join(File.pathSeparator, cp),
                    startTimeout,
                    dist,
                    tls,
                    sasl,
                    serverCpus);
            return new ForkedEnsemble(size, servers, settings, baseDir);
        }
    }
}
