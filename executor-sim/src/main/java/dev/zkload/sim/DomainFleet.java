package dev.zkload.sim;

import dev.zkload.zk.ZkClientSecurity;
import dev.zkload.zk.ZkTrees;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.Closeable;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.function.LongConsumer;

/**
 * Saturn-shaped load on a real ZooKeeper ensemble: domains of consoles and executors that build,
 * watch and run their jobs the way Saturn does, so that the servers see Saturn's znodes, watches,
 * sessions and requests (docs/executor-sim.md gives the model and its arithmetic).
 *
 * <pre>{@code
 * try (DomainFleet fleet = DomainFleet.builder("zk1:2181,zk2:2181,zk3:2181")
 *         .root("/zkload/sim-1").model(SaturnModel.saturn21()).build()) {
 *     fleet.start();
 *     fleet.addDomains(100);          // returns when all 100 are registered
 *     FleetSnapshot now = fleet.snapshot();
 * }                                   // close() removes everything under the root
 * }</pre>
 *
 * <p>Lifecycle: {@link State#LATENT} when built, {@link State#STARTED} after {@link #start()},
 * {@link State#CLOSED} after {@link #close()} or after a start that failed. {@link #addDomains} and
 * {@link #removeDomains} need a started fleet and throw {@link IllegalStateException} otherwise, also
 * when the fleet is closed while they run. A fleet starts once: build a new one to try again.
 *
 * <p>The root is the fleet's alone: {@link #start()} claims it with an ephemeral {@code zkload.lock}
 * znode (the sign zkload's runs leave on theirs, which zkload's {@code clean} refuses to remove), and
 * refuses a root another live fleet or run holds or holds a root below, or that holds znodes nobody
 * holds (a leftover), naming the holder or the leftover's size; {@link #close()} never deletes another
 * live fleet's or run's claim under it. The default root is unique per fleet.
 *
 * <p>Hazards: every znode lives under the root, which must not be {@code /} or under
 * {@code /zookeeper}; {@link #close()} deletes everything under it, then the root and its parents
 * if {@link #start()} created them. A JVM that exits without {@link #close()} (the end of
 * {@code main}, {@code System.exit}, SIGTERM) closes the fleet in a shutdown hook (unless
 * {@link Builder#shutdownHook(boolean)} turned it off); a JVM killed
 * outright (SIGKILL, a crash) leaves the root to the next fleet's
 * {@link Builder#takeOverLeftoverRoot()} or to {@code clean}. One session per executor and per
 * console: 700 domains of the default model are 3,500 sessions, 2 threads each. Sessions start in
 * batches of {@link Builder#startBatch(int)} so that thousands of watches do not arrive at once.
 */
public interface DomainFleet extends Closeable {

    /**
     * A builder for a fleet on this ensemble.
     *
     * @param connectString ZooKeeper's {@code host:port,host:port} list, optionally with a chroot
     * @return a builder with the defaults
     */
    static Builder builder(String connectString) {
        return new Builder(connectString);
    }

    /**
     * Connects the fleet's control session, claims the root (creating it and its missing parents)
     * and installs the shutdown hook that closes the fleet if the JVM exits first (unless
     * {@link Builder#shutdownHook(boolean)} turned it off). On failure the
     * fleet is {@link State#CLOSED} and holds nothing.
     *
     * @throws DomainStartException  when the ensemble cannot be reached within
     *                               {@link Builder#connectTimeout(Duration)} (saying whether a host is
     *                               unknown, refuses the connection or does not answer); when another
     *                               live fleet or run holds the root (naming it: process, host, start,
     *                               session); when the root holds znodes but nobody holds it (naming
     *                               its size and the ways out) and {@link Builder#takeOverLeftoverRoot()}
     *                               is not set; when another live fleet or run holds a root below it (naming
     *                               it); when the connect string's chroot does not exist; or when the root
     *                               cannot be created
     * @throws IllegalStateException when the fleet was started or closed before
     * @throws InterruptedException  when interrupted while connecting (the fleet is then closed)
     */
    void start() throws InterruptedException;

    /**
     * Adds {@code n} domains and returns when every one is registered: its tree written, its consoles
     * watching, its executors' ephemerals, watches and job leaders in place.
     *
     * @param n domains to add, at least 1
     * @throws DomainStartException     naming the first domain that failed and why; before anything is written,
     *                                  when the servers' {@code maxClientCnxns} (read at start with {@code conf})
     *                                  cannot take the fleet's sessions from this address; within seconds when a
     *                                  server refuses the sessions' connections (its domains are then taken out
     *                                  of the fleet and off the ensemble)
     * @throws IllegalStateException    when the fleet is not started, or is closed while adding
     * @throws IllegalArgumentException when {@code n} is below 1
     * @throws InterruptedException     when interrupted while waiting for the domains
     */
    void addDomains(int n) throws InterruptedException;

    /**
     * Shuts the last {@code n} domains down gracefully, as Saturn's executors shut down, and removes
     * their znodes. Fewer go when fewer are up. While they go, the other domains' jobs do not fire
     * (fires and statistics writes due meanwhile are skipped; their sessions and watches stay), so that
     * a saturated leader does not queue the removal behind their load (measured 3 to 7 times faster);
     * they fire again on their next moments once this returns.
     *
     * @param n domains to remove, at least 0
     * @throws IllegalStateException    when the fleet is not started
     * @throws IllegalArgumentException when {@code n} is negative
     * @throws InterruptedException     when interrupted while waiting for the shutdowns
     */
    void removeDomains(int n) throws InterruptedException;

    /**
     * What the fleet is doing now; in any state (all zero before the first domain).
     *
     * @return the counts of this instant
     */
    FleetSnapshot snapshot();

    /**
     * The job fires that came due from {@code from} to {@code to} and how many were delivered (see
     * {@link JobFires}): whether the ensemble did the work the domains asked of it. Any window of the fleet's life
     * is answered whole, second by second (a soak's whole run as well as its last minute), in every state, after
     * {@link #close()} too. Only fires whose time to deliver is over are counted, so a window that ends now is
     * judged up to its fires still running.
     *
     * @param from the window's start
     * @param to   its end
     * @return the fires due in it, judged so far
     */
    JobFires jobFires(java.time.Instant from, java.time.Instant to);

    /**
     * The znode the domains live under.
     *
     * @return the root's absolute path (relative to the connect string's chroot, if it has one)
     */
    String root();

    /**
     * The namespaces of the domains up now, in the order they were added: {@code d-0000},
     * {@code d-0001}, …, each a child of {@link #root()} holding one Saturn namespace. The root also
     * holds the fleet's {@code zkload.lock} and, for Saturn 3, {@code $SaturnSelf}: list these, not
     * the root.
     *
     * @return the namespaces' names, relative to the root
     */
    List<String> namespaces();

    /**
     * Where the fleet is in its lifecycle.
     *
     * @return the current state
     */
    State state();

    /**
     * Stops every session, deletes everything under the root, then the root if {@link #start()} created it,
     * and the empty parents zkload made (marked {@code zkload}; one that zkload did not make stays, empty or not),
     * and removes the shutdown hook; with {@link Builder#keepTreeOnClose(boolean)} it deletes
     * only its claim ({@code zkload.lock}) and leaves the tree. Idempotent; a fleet never started only becomes
     * {@link State#CLOSED}. A failure to delete is logged, not thrown; an interrupt ends the wait for
     * the sessions, leaves the root in place and is kept on the thread.
     */
    @Override
    void close();

    /** The lifecycle of a fleet. */
    enum State {
        /** Built, not started. */
        LATENT,
        /** Started: domains can be added and removed. */
        STARTED,
        /** Closed, or a start failed: nothing is held any more. */
        CLOSED
    }

    /** Settings of a fleet; {@link #build()} validates them. */
    final class Builder {
        private final String connectString;
        private String root = "/zkload/sim-" + UUID.randomUUID().toString().substring(0, 8);
        private boolean takeOverLeftoverRoot;
        private String name;
        private ModelFile models = ModelFile.of(SaturnModel.saturn21());
        private MeterRegistry meters;
        private int startBatch = 200;
        private Duration addTimeout = Duration.ofMinutes(5);
        private Duration connectTimeout = Duration.ofSeconds(30);
        private boolean jobRuns = true;
        private boolean pipelinedTrees = true;
        private boolean keepTreeOnClose;
        private boolean shutdownHook = true;
        private LongConsumer fireLag = lag -> {};
        private ZkClientSecurity security = ZkClientSecurity.NONE;

        private Builder(String connectString) {
            this.connectString = Objects.requireNonNull(connectString, "connectString");
        }

        /**
         * Znode under which every domain lives; claimed at start, created if missing (with its
         * parents), emptied at close and deleted if the fleet created it. Default
         * {@code /zkload/sim-<8 random hex digits>}, unique per builder.
         *
         * @param root an absolute path other than {@code /} and outside {@code /zookeeper} (see {@link ZkTrees#checkRoot})
         * @return this builder
         */
        public Builder root(String root) {
            this.root = root;
            return this;
        }

        /**
         * Lets {@link DomainFleet#start()} take over a leftover root: one that holds znodes while no
         * live fleet or run holds it (left by a fleet whose JVM was killed, or a run's {@code --keep}).
         * Start then deletes everything under it, and close deletes the root too. Never a root a live
         * fleet or run holds (not even deeper down), nor one outside {@code /zkload} that carries no
         * zkload marker. Default off: a leftover is refused, naming its size.
         *
         * @return this builder
         */
        public Builder takeOverLeftoverRoot() {
            this.takeOverLeftoverRoot = true;
            return this;
        }

        /**
         * The shape of every domain. Default {@link SaturnModel#saturn21()}.
         *
         * @param model the model
         * @return this builder
         */
        public Builder model(SaturnModel model) {
            this.models = ModelFile.of(Objects.requireNonNull(model, "model"));
            return this;
        }

        /**
         * The domains of a model file instead of one model: domain n is of the kind furthest behind
         * its weight, so every prefix of the fleet is within one domain of the mix's proportions
         * (docs/model-files.md). Replaces {@link #model(SaturnModel)}.
         *
         * @param file a file from {@link ModelFile#read}, or {@link ModelFile#of} a built-in model
         * @return this builder
         */
        public Builder modelFile(ModelFile file) {
            this.models = Objects.requireNonNull(file, "file");
            return this;
        }

        /**
         * Publishes the fleet's snapshot and its adds as Micrometer meters in this registry. Default none (and then
         * Micrometer, an optional dependency, is never loaded). The meters, each with a description:
         *
         * <ul>
         *   <li>gauges {@code zkload.sim.domains}, {@code zkload.sim.sessions.open}, {@code zkload.sim.sessions.connected},
         *       {@code zkload.sim.jobs.without.leader}, {@code zkload.sim.domains.without.console.leader};
         *   <li>counters {@code zkload.sim.runs.started}, {@code .completed}, {@code .failed},
         *       {@code zkload.sim.operations} (tag {@code kind}: {@link Operation#id()}),
         *       {@code zkload.sim.operations.errors}, {@code zkload.sim.session.events} ({@code kind}:
         *       {@link SessionEvent#id()}), {@code zkload.sim.failures} ({@code kind}: {@link FailureKind#id()}),
         *       {@code zkload.sim.reshards}, {@code zkload.sim.reshard.writes};
         *   <li>for each add that completes, the timers {@code zkload.sim.add.trees} and
         *       {@code zkload.sim.add.registration} (their maximum is the fleet's longest add; it does not decay)
         *       and the counter {@code zkload.sim.add.tree.znodes}.
         * </ul>
         *
         * <p>Every meter carries the tags that identify the fleet: {@code fleet} ({@link #name(String)}, by default
         * the root), {@code root} and {@code ensemble} (the connect string's servers and chroot, as
         * {@code host:port,host:port/chroot}), so that two fleets on one registry are two series, whatever their
         * roots and ensembles. {@link DomainFleet#close()}, or a start that fails, removes the fleet's meters and no
         * other. A registry that holds one of them already (another live fleet of the same name, root and ensemble,
         * or a meter filter that drops those tags) fails {@link DomainFleet#start()} with
         * {@link DomainStartException.Reason#METERS_TAKEN}, before the fleet writes to a meter of another's.
         *
         * @param meters a Micrometer registry, or null for none
         * @return this builder
         */
        public Builder meterRegistry(MeterRegistry meters) {
            this.meters = meters;
            return this;
        }

        /**
         * The fleet's name, the value of its meters' {@code fleet} tag: what a dashboard groups its series by, the
         * same from one run to the next. Default the root.
         *
         * @param name not blank
         * @return this builder
         */
        public Builder name(String name) {
            this.name = Objects.requireNonNull(name, "name");
            return this;
        }

        /**
         * Most sessions starting at once. Default 200.
         *
         * @param sessions at least 1
         * @return this builder
         */
        public Builder startBatch(int sessions) {
            this.startBatch = sessions;
            return this;
        }

        /**
         * How long {@link DomainFleet#addDomains} waits for the trees and for each batch of sessions,
         * and {@link DomainFleet#close()} for the sessions to close. Default 5 min.
         *
         * @param timeout positive
         * @return this builder
         */
        public Builder addTimeout(Duration timeout) {
            this.addTimeout = Objects.requireNonNull(timeout, "addTimeout");
            return this;
        }

        /**
         * How long {@link DomainFleet#start()} waits for the control session to connect. Default 30 s.
         *
         * @param timeout positive
         * @return this builder
         */
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = Objects.requireNonNull(timeout, "connectTimeout");
            return this;
        }

        /**
         * Whether jobs fire (default true). With {@code false} the domains register and hold their
         * sessions, caches and watches but never run: the standing cost of a domain without its run traffic.
         *
         * @param run whether jobs fire
         * @return this builder
         */
        public Builder jobRuns(boolean run) {
            this.jobRuns = run;
            return this;
        }

        /**
         * How {@link DomainFleet#addDomains} writes the domains' persistent trees (what a Saturn console
         * creates once: the namespace, each job's config as one {@code multi}, its structural znodes, and
         * the nodes the kind's offline executors left). Default true: every request sent at once, so the
         * trees take the servers' write time, not round trips (the 120,000 znodes of 100 default domains
         * in 1–2 s on a 2-core machine). With {@code false} each domain's requests go one at a time, each
         * sent when the one before it is answered, as a console that waits for each answer sends them,
         * the domains side by side: the burst of an add as consoles pace it. The sessions register the
         * same way either way, and the trees end the same.
         *
         * @param pipelined whether the trees' requests are pipelined
         * @return this builder
         */
        public Builder pipelinedTrees(boolean pipelined) {
            this.pipelinedTrees = pipelined;
            return this;
        }

        /**
         * Whether {@link DomainFleet#close()} (and the shutdown hook) leaves the tree: it then stops
         * every session and releases the root's claim, but deletes nothing, so that the domains'
         * persistent znodes can be looked at afterwards. The next fleet on the root finds a leftover
         * ({@link #takeOverLeftoverRoot()}), and zkload's {@code clean} removes it. Default false.
         *
         * @param keep whether close leaves the tree
         * @return this builder
         */
        public Builder keepTreeOnClose(boolean keep) {
            this.keepTreeOnClose = keep;
            return this;
        }

        /**
         * Whether {@link DomainFleet#start()} installs a JVM shutdown hook that closes the fleet if the JVM exits
         * while it is started (the end of {@code main}, {@code System.exit}, SIGTERM), so that its tree goes with it.
         * Default true. Turn it off where the caller closes every fleet itself and wants no hook of a library's in
         * its JVM (an application server, a container's own shutdown order): a fleet still open when the JVM exits
         * then leaves its tree, a leftover for {@link #takeOverLeftoverRoot()} or {@code clean}, and its claim goes
         * with its session.
         *
         * @param install whether to install the hook
         * @return this builder
         */
        public Builder shutdownHook(boolean install) {
            this.shutdownHook = install;
            return this;
        }

        /**
         * Told of every job fire how late it began against its cron instant, in microseconds (never
         * negative). A load generator that cannot keep its schedule is the bottleneck of its own test;
         * this is how the caller finds out. Called on the fleet's scheduler thread for every fire
         * (35 jobs × 3 executors a minute per domain by default): keep it quick, e.g. an HdrHistogram
         * {@code Recorder}.
         *
         * @param lateMicros the listener
         * @return this builder
         */
        public Builder fireLagListener(LongConsumer lateMicros) {
            this.fireLag = Objects.requireNonNull(lateMicros, "lateMicros");
            return this;
        }

        /**
         * How every session of the fleet (the simulated ones and the control session) connects and
         * authenticates, and the ACL of what it creates under the root: TLS, SASL, digest auth,
         * creator-only znodes. Default {@link ZkClientSecurity#NONE}. The simulated sessions send the
         * same requests either way; a session's auth infos go out before its first request.
         *
         * @param security the sessions' security
         * @return this builder
         */
        public Builder security(ZkClientSecurity security) {
            this.security = Objects.requireNonNull(security, "security");
            return this;
        }

        /**
         * The fleet, {@link State#LATENT}: nothing connects before {@link DomainFleet#start()}.
         *
         * @return a new fleet
         * @throws IllegalArgumentException naming the setting that is wrong
         */
        public DomainFleet build() {
            if (connectString.isBlank()) {
                throw new IllegalArgumentException("connectString must not be blank");
            }
            ZkTrees.checkRoot(root);
            if (name != null && name.isBlank()) {
                throw new IllegalArgumentException("name must not be blank");
            }
            if (startBatch < 1) {
                throw new IllegalArgumentException("startBatch must be at least 1, got " + startBatch);
            }
            positive("addTimeout", addTimeout);
            positive("connectTimeout", connectTimeout);
            return new FleetImpl(new FleetSettings(
                    connectString,
                    root,
                    name == null ? root : name,
                    takeOverLeftoverRoot,
                    models,
                    meters,
                    startBatch,
                    addTimeout,
                    connectTimeout,
                    jobRuns,
                    pipelinedTrees,
                    keepTreeOnClose,
                    shutdownHook,
                    fireLag,
                    security));
        }

        private static void positive(String name, Duration d) {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException(name + " must be positive, got " + d);
            }
        }
    }
}
