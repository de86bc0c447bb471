package dev.zkload.sim;

import dev.zkload.sim.DomainStartException.Reason;
import dev.zkload.zk.claim.RootClaim;
import dev.zkload.zk.claim.RootRefusedException;
import dev.zkload.zk.connect.ConnectDiagnosis;
import dev.zkload.zk.connect.ConnectString;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.apache.zookeeper.ZooKeeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link DomainFleet} on plain ZooKeeper sessions. One scheduler (two named threads) drives every
 * fire, run and statistics write of every executor; the {@link AdminSession} writes the domains'
 * trees, and its {@link RootClaim} holds the root and removes what the fleet created at the end. A
 * shutdown hook closes a started fleet that is still open when the JVM exits.
 *
 * <p>{@code lock} guards the lifecycle and the list of domains and is never held while waiting on
 * the servers (only {@link #start()} holds it while connecting, so nothing else can begin
 * meanwhile). That is what lets {@link #close()} stop an {@link #addDomains} in flight: the adder
 * checks the state under the lock before each batch of sessions, a session closed before it opens
 * never opens, and every wait of the adder also ends when the fleet closes.
 */
final class FleetImpl implements DomainFleet {
    private static final Logger LOG = LoggerFactory.getLogger(FleetImpl.class);
    private static final AtomicInteger FLEETS = new AtomicInteger();

    private final FleetSettings settings;
    private final FleetState state;
    private final Object lock = new Object();
    private final List<Domain> domains = new CopyOnWriteArrayList<>();
    /** Completed when the fleet closes: wakes an adder waiting on the servers, stops a serial tree write. */
    private final CompletableFuture<Void> closed = new CompletableFuture<>();
    /** Tree writes in flight, which close() waits for before it deletes the root. */
    private final InFlightWrites treeWrites = new InFlightWrites();

    /** Completed when close() has done what it could: the exit hook waits for a close already under way. */
    private final CompletableFuture<Void> released = new CompletableFuture<>();

    private volatile State lifecycle = State.LATENT;
    private ScheduledExecutorService scheduler;
    private AdminSession admin;
    private RootClaim claim;
    private ExitHook exitHook;
    private int nextDomain;
    private final DomainMix mix;
    private final AddWaits waits;
    /** Each server's maxClientCnxns as start() read it: 0 no limit, -1 unknown. */
    private volatile Map<String, Long> limits = Map.of();

    /** Null without a registry: Micrometer is an optional dependency, never loaded then. */
    private volatile Meters meters;

    private volatile AddMeters addMeters;

    FleetImpl(FleetSettings settings) {
        this.settings = settings;
        this.mix = settings.models().mix();
        this.state = new FleetState(settings.jobRuns(), settings.fireLag());
        this.waits = new AddWaits(settings, closed, this::requireStillStarted, this::snapshot, () -> limits);
    }

    @Override
    public void start() throws InterruptedException {
        synchronized (lock) {
            if (lifecycle != State.LATENT) {
                throw new IllegalStateException("a fleet starts once; this one is " + lifecycle);
            }
            boolean started = false;
            try {
                int n = FLEETS.incrementAndGet();
                scheduler = Executors.newScheduledThreadPool(2, Threads.named("zkload-sim-" + n));
                admin = AdminSession.connect(
                        settings.connectString(), settings.security(), settings.root(), settings.connectTimeout());
                claimRoot();
                if (!settings.security().tls()) {
                    // a TLS port answers no plain four-letter word: its limit is learnt when it refuses sessions
                    limits = ConnectionLimits.read(settings.connectString());
                }
                if (settings.meters() != null) {
                    meters = registerMeters();
                    addMeters = meters.adds();
                }
                if (settings.shutdownHook()) {
                    exitHook = new ExitHook("zkload-sim-exit-" + n, this::close, released, settings.addTimeout());
                }
                lifecycle = State.STARTED;
                started = true;
            } finally {
                if (!started) {
                    // nothing half-started stays behind: no thread, no session, nothing for close() to trip on
                    lifecycle = State.CLOSED;
                    closed.complete(null);
                    unclaim();
                    release();
                    released.complete(null);
                }
            }
        }
    }

    /** The fleet's meters, tagged with what identifies it; refused where the registry holds them already. */
    private Meters registerMeters() {
        String ensemble;
        try {
            ensemble = ConnectString.parse(settings.connectString()).toString();
        } catch (IllegalArgumentException e) {
            ensemble = settings.connectString(); // the client took it as it is
        }
        try {
            return Meters.register(
                    settings.meters(), Meters.fleetTags(settings.name(), settings.root(), ensemble), this::snapshot);
        } catch (IllegalStateException taken) {
            throw new DomainStartException(Reason.METERS_TAKEN, taken.getMessage(), taken);
        }
    }

    /** Claims the root (refusing one in use, or a leftover unless taken over), then writes what the model's domains share. */
    private void claimRoot() throws InterruptedException {
        String root = settings.root();
        try {
            claim = RootClaim.take(
                    admin.handle(),
                    root,
                    RootOwner.COMMAND,
                    RootOwner.of(root),
                    settings.security().acl(),
                    settings.takeOverLeftoverRoot() ? RootClaim.Leftover.TAKE_OVER : RootClaim.Leftover.REFUSE);
            claim.whenRootGone(() -> Threads.named("zkload-sim-rewrite")
                    .newThread(() -> LostTrees.writeAgain(settings, state, claim, admin, this::writeLostTrees))
                    .start());
            admin.onNewSession(session -> {
                state.controlSessionExpired();
                claim.renew(session);
            });
            if (settings.models().version().watchesSaturnSelf()) {
                admin.createPath(root + "/$SaturnSelf/saturn-executor/config", "");
            }
        } catch (InterruptedException | DomainStartException e) {
            throw e;
        } catch (RootRefusedException e) {
            throw RootRefusals.of(e, settings.takeOverLeftoverRoot(), settings.connectString());
        } catch (Exception e) {
            Optional<String> chroot = ConnectDiagnosis.missingChroot(settings.connectString(), adminHandle(), e);
            throw new DomainStartException(
                    chroot.isPresent() ? Reason.CHROOT_MISSING : Reason.ROOT_NOT_CREATED,
                    "cannot claim root " + root + ": " + chroot.orElse(e.getMessage()),
                    e);
        }
    }

    /** The control session's handle, or null where Curator has none to give. */
    private ZooKeeper adminHandle() {
        try {
            return admin.handle();
        } catch (Exception e) {
            return null;
        }
    }

    @Override
    public void addDomains(int n) throws InterruptedException {
        if (n < 1) {
            throw new IllegalArgumentException("n must be at least 1, got " + n);
        }
        List<Domain> added = new ArrayList<>();
        DomainTree.Writes trees;
        // an adder that gives up stops a serial tree write (a pipelined one has sent everything already)
        AtomicBoolean abandoned = new AtomicBoolean();
        long t0;
        synchronized (lock) {
            requireStarted("addDomains");
            t0 = System.nanoTime(); // the trees' time includes building and sending their requests
            for (int i = 0; i < n; i++) {
                String name = String.format("d-%04d", nextDomain++);
                Layout layout = new Layout(
                        settings.root(),
                        name,
                        settings.models().version(),
                        settings.models().zkClient(),
                        mix.next());
                added.add(new Domain(name, layout));
            }
            long sessions = 1 + Domain.sessions(domains) + Domain.sessions(added);
            String refusal = ConnectionLimits.refusal(
                    limits,
                    sessions,
                    "adding " + Domain.count(n) + (domains.isEmpty() ? "" : " to the " + domains.size() + " held"));
            if (refusal != null) {
                nextDomain -= n;
                added.forEach(d -> mix.remove(d.layout.kind));
                throw new DomainStartException(Reason.CONNECTION_LIMIT, refusal);
            }
            trees = writeTrees(added, () -> abandoned.get() || closed.isDone());
        }
        try {
            waits.await(trees.done(), "writing the domains' trees", "domain " + added.get(0).name);
        } catch (InterruptedException | RuntimeException e) {
            abandoned.set(true);
            added.forEach(d -> mix.remove(d.layout.kind)); // domains that never joined keep no share
            throw e;
        }
        long treesWritten = System.nanoTime();

        Starts starts = new Starts();
        for (Domain d : added) {
            d.consoles(starts, this::session, scheduler, state);
        }
        for (Domain d : added) {
            d.executors(starts, this::session, scheduler, state);
        }
        synchronized (lock) {
            requireStillStarted();
            domains.addAll(added);
        }
        try {
            waits.startInBatches(starts, batch -> {
                synchronized (lock) {
                    requireStillStarted();
                    return batch.stream().map(Supplier::get).toList();
                }
            });
        } catch (AddWaits.Refused e) {
            throw new DomainStartException(
                    Reason.CONNECTIONS_REFUSED,
                    "adding " + Domain.count(n) + " stopped: " + e.getMessage() + "; " + withdraw(added)
                            + ": set maxClientCnxns=0 (no limit) in the zoo.cfg of every server and restart them,"
                            + " or add fewer domains from this address");
        }
        long registered = System.nanoTime();
        AddMeters adds = addMeters;
        if (adds != null) {
            adds.record(treesWritten - t0, trees.znodes(), registered - treesWritten);
        }
        // where an add's time goes: the tree writes, or the sessions' registration
        LOG.info(
                "added {}: {} znodes of trees written in {} ms, {} sessions registered in {} ms",
                Domain.count(n),
                trees.znodes(),
                (treesWritten - t0) / 1_000_000,
                starts.starts.size(),
                (registered - treesWritten) / 1_000_000);
    }

    /**
     * Takes the domains of an add that cannot finish out of the fleet: their sessions closed, their trees deleted,
     * their kinds' shares given back; says what became of them.
     */
    private String withdraw(List<Domain> added) throws InterruptedException {
        synchronized (lock) {
            if (lifecycle != State.STARTED) {
                return "the fleet was closed meanwhile";
            }
            domains.removeAll(added);
        }
        added.forEach(d -> mix.remove(d.layout.kind));
        return Domain.withdraw(added, settings.addTimeout(), admin, settings.root());
    }

    /**
     * The trees of the domains up now written again, all pipelined whatever {@code pipelinedTrees} says (processes
     * waiting to register want them whole soon), tracked so that close() waits for them; null once not started.
     */
    private DomainTree.Writes writeLostTrees() {
        synchronized (lock) {
            if (lifecycle != State.STARTED) {
                return null;
            }
            DomainTree.Writes writes = DomainTree.writeMissing(
                    adminZk(), domains.stream().map(d -> d.layout).toList());
            treeWrites.track(writes.done());
            return writes;
        }
    }

    /** Writes the domains' trees with the control session; close() waits for what is in flight. Under the lock. */
    private DomainTree.Writes writeTrees(List<Domain> added, BooleanSupplier stopped) {
        Zk zk = adminZk();
        List<Layout> layouts = added.stream().map(d -> d.layout).toList();
        DomainTree.Writes writes = DomainTree.write(zk, layouts, settings.pipelinedTrees(), stopped);
        treeWrites.track(writes.done());
        return writes;
    }

    private Session session(String name) {
        return new Session(settings.connectString(), settings.security(), state, name);
    }

    private Zk adminZk() {
        try {
            return admin.zk(state.ops());
        } catch (Exception e) {
            throw new DomainStartException(
                    Reason.ADD_FAILED, "the control session cannot reach " + settings.connectString() + ": " + e, e);
        }
    }

    private void requireStarted(String what) {
        if (lifecycle != State.STARTED) {
            throw new IllegalStateException(what + " needs a STARTED fleet; this one is " + lifecycle
                    + (lifecycle == State.LATENT ? ": call start() first" : ""));
        }
    }

    private void requireStillStarted() {
        if (lifecycle != State.STARTED) {
            throw new IllegalStateException("the fleet was closed while adding domains");
        }
    }

    @Override
    public void removeDomains(int n) throws InterruptedException {
        removeDomains(n, true);
    }

    /** {@link #removeDomains(int)}, or without the hold as before it: the removal benchmark's baseline. */
    void removeDomains(int n, boolean holdRuns) throws InterruptedException {
        if (n < 0) {
            throw new IllegalArgumentException("n must be at least 0, got " + n);
        }
        List<Domain> gone = new ArrayList<>();
        synchronized (lock) {
            requireStarted("removeDomains");
            for (int i = 0; i < n && !domains.isEmpty(); i++) {
                gone.add(domains.remove(domains.size() - 1));
            }
        }
        gone.forEach(d -> mix.remove(d.layout.kind)); // the next domains added make up for them
        boolean hold = holdRuns && !gone.isEmpty();
        if (hold) {
            state.holdRuns();
        }
        try {
            Domain.remove(gone, settings.addTimeout(), admin);
        } finally {
            if (hold) {
                state.releaseRuns();
            }
        }
    }

    /** The domains up now, for tests that reach into one session. */
    List<Domain> domains() {
        return List.copyOf(domains);
    }

    @Override
    public String root() {
        return settings.root();
    }

    @Override
    public List<String> namespaces() {
        return domains.stream().map(d -> d.name).toList();
    }

    @Override
    public FleetSnapshot snapshot() {
        return Domain.snapshot(state, domains);
    }

    @Override
    public JobFires jobFires(Instant from, Instant to) {
        return state.fires().between(from, to);
    }

    @Override
    public State state() {
        return lifecycle;
    }

    @Override
    public void close() {
        synchronized (lock) {
            if (lifecycle == State.CLOSED) {
                return;
            }
            boolean started = lifecycle == State.STARTED;
            lifecycle = State.CLOSED;
            closed.complete(null);
            if (!started) {
                released.complete(null);
                return;
            }
        }
        boolean interrupted = false;
        try {
            Domain.closeSessions(domains, settings.addTimeout());
            treeWrites.await(settings.addTimeout());
        } catch (InterruptedException e) {
            interrupted = true;
        }
        domains.clear();
        String root = settings.root();
        if (interrupted) {
            LOG.warn("interrupted while closing: {} and everything under it stay on the ensemble", root);
        } else {
            try {
                if (settings.keepTreeOnClose()) {
                    claim.release(admin.handle());
                } else {
                    claim.remove(admin.handle());
                }
            } catch (InterruptedException e) {
                interrupted = true;
                LOG.warn("interrupted while removing {}: some of it stays on the ensemble", root);
            } catch (Exception e) {
                LOG.warn("could not remove {}: {}", root, e.toString());
            }
        }
        release();
        released.complete(null);
        // only now: a JVM that begins to exit while this close runs has its hook wait for the close to end
        if (exitHook != null) {
            exitHook.remove();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** After a start that failed past its claim: what it created goes, and the claim with it. */
    private void unclaim() {
        if (claim != null) {
            try {
                claim.remove(admin.handle());
            } catch (Exception e) {
                LOG.warn("could not remove what a failed start created under {}: {}", settings.root(), e.toString());
            }
        }
    }

    private void release() {
        if (meters != null) {
            meters.remove();
        }
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
        if (admin != null) {
            admin.close();
        }
    }
}
