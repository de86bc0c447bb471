package dev.zkload.sim.internal;

import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.DomainStartException;
import dev.zkload.sim.FleetSnapshot;
import dev.zkload.sim.SaturnModel;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link DomainFleet} on plain ZooKeeper sessions. One scheduler (two named threads) drives every
 * fire, run and statistics write of every executor; an admin session writes the domains' trees and
 * removes the root at the end. LATENT until started, then STARTED, then CLOSED.
 */
public final class Fleet implements DomainFleet {
    private static final Logger LOG = LoggerFactory.getLogger(Fleet.class);
    private static final AtomicInteger FLEETS = new AtomicInteger();
    private static final int CLOSERS = 32;

    private enum State { LATENT, STARTED, CLOSED }

    private final String connectString;
    private final String root;
    private final SaturnModel model;
    private final MeterRegistry meters;
    private final int startBatch;
    private final Duration addTimeout;
    private final FleetState state;
    private final List<Domain> domains = new CopyOnWriteArrayList<>();
    private ScheduledExecutorService scheduler;
    private ZooKeeper admin; // only through admin(), which replaces it once expired
    private int nextDomain;
    private State lifecycle = State.LATENT;

    public Fleet(String connectString, String root, SaturnModel model, MeterRegistry meters, int startBatch,
            Duration addTimeout, boolean jobRuns, java.util.function.LongConsumer fireLag) {
        this.connectString = connectString;
        this.state = new FleetState(jobRuns, fireLag);
        this.root = root;
        this.model = model;
        this.meters = meters;
        this.startBatch = startBatch;
        this.addTimeout = addTimeout;
    }

    @Override
    public synchronized void start() throws InterruptedException {
        if (lifecycle != State.LATENT) {
            throw new IllegalStateException("a fleet starts once; this one is " + lifecycle);
        }
        lifecycle = State.STARTED;
        int id = FLEETS.incrementAndGet();
        AtomicInteger threads = new AtomicInteger();
        scheduler = Executors.newScheduledThreadPool(2, r -> {
            Thread t = new Thread(r, "zkload-sim-" + id + "-" + threads.incrementAndGet());
            t.setDaemon(true);
            t.setUncaughtExceptionHandler((th, e) -> LOG.error("uncaught in {}", th.getName(), e));
            return t;
        });
        admin = Admin.connect(connectString, addTimeout);
        try {
            Admin.createPath(admin, root, "zkload sim");
            if (model.isSaturn3()) {
                Admin.createPath(admin, root + "/$SaturnSelf/saturn-executor/config", "");
            }
        } catch (KeeperException e) {
            throw new DomainStartException("cannot create root " + root + ": " + e.getMessage(), e);
        }
        if (meters != null) {
            Meters.register(meters, this::snapshot);
        }
    }

    @Override
    public void addDomains(int n) throws InterruptedException {
        if (n < 1) {
            throw new IllegalArgumentException("n must be at least 1, got " + n);
        }
        List<Domain> added = new ArrayList<>();
        List<CompletableFuture<Void>> trees = new ArrayList<>();
        Zk adminZk = new Zk(admin(), state.ops());
        synchronized (this) {
            if (lifecycle != State.STARTED) {
                throw new IllegalStateException("the fleet is " + lifecycle + ", not STARTED");
            }
            for (int i = 0; i < n; i++) {
                String name = String.format("d-%04d", nextDomain++);
                Domain d = new Domain(name, new Layout(root, name, model));
                added.add(d);
                trees.add(DomainTree.create(adminZk, d.layout));
            }
        }
        long t0 = System.nanoTime();
        await(CompletableFuture.allOf(trees.toArray(CompletableFuture[]::new)), "writing the domains' trees", added.get(0).name);
        long treesWritten = System.nanoTime();
        List<Supplier<CompletableFuture<Void>>> starts = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Domain d : added) {
            for (int c = 0; c < model.consolesPerDomain(); c++) {
                Console console = new Console(d.layout, new Session(connectString, state, d.name + "-console-" + c), scheduler);
                d.consoles.add(console);
                starts.add(console::start);
                names.add("domain " + d.name + ": console " + c);
            }
        }
        for (Domain d : added) {
            for (int e = 0; e < model.executorsPerDomain(); e++) {
                String name = d.name + "-exec-" + e;
                Executor x = new Executor(d.layout, name, new Session(connectString, state, name), scheduler, state);
                d.executors.add(x);
                starts.add(x::start);
                names.add("domain " + d.name + ": executor " + e);
            }
        }
        domains.addAll(added);
        for (int from = 0; from < starts.size(); from += startBatch) {
            int to = Math.min(starts.size(), from + startBatch);
            List<CompletableFuture<Void>> batch = new ArrayList<>();
            for (int i = from; i < to; i++) {
                batch.add(starts.get(i).get());
            }
            for (int i = from; i < to; i++) {
                await(batch.get(i - from), "registering", names.get(i));
            }
        }
        // where an add's time goes: the console's pipelined tree writes, or the sessions' registration
        LOG.info("added {} domains: trees written in {} ms, {} sessions registered in {} ms", n,
                (treesWritten - t0) / 1_000_000, starts.size(), (System.nanoTime() - treesWritten) / 1_000_000);
    }

    private void await(CompletableFuture<Void> f, String what, String who) throws InterruptedException {
        try {
            f.get(addTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new DomainStartException(who + ": " + what + " did not finish within " + addTimeout.toSeconds() + " s", e);
        } catch (ExecutionException e) {
            throw new DomainStartException(who + ": " + what + " failed: " + e.getCause().getMessage(), e.getCause());
        }
    }

    @Override
    public void removeDomains(int n) throws InterruptedException {
        List<Domain> gone = new ArrayList<>();
        synchronized (this) {
            for (int i = 0; i < n && !domains.isEmpty(); i++) {
                gone.add(domains.remove(domains.size() - 1));
            }
        }
        for (Domain d : gone) {
            try {
                d.shutdown().get(addTimeout.toMillis(), TimeUnit.MILLISECONDS);
                TreeDeletion.delete(new Zk(admin(), new OpCounters()), d.layout.ns);
            } catch (ExecutionException | TimeoutException | KeeperException | DomainStartException e) {
                LOG.warn("domain {} did not shut down cleanly: {}", d.name, e.toString());
            }
        }
    }

    /** The domains up now, for tests that reach into one session. */
    List<Domain> domains() {
        return List.copyOf(domains);
    }

    @Override
    public FleetSnapshot snapshot() {
        int executors = 0;
        int consoles = 0;
        long connected = 0;
        for (Domain d : domains) {
            executors += d.executors.size();
            consoles += d.consoles.size();
            connected += d.executors.stream().filter(x -> x.session.isConnected()).count();
        }
        return new FleetSnapshot(domains.size(), executors, consoles, domains.size() * model.jobsPerDomain(),
                state.sessionsOpen(), connected, state.runsStarted(), state.runsCompleted(), state.runsFailed(),
                state.ops().snapshot(), state.ops().errors(), state.sessionEvents());
    }

    @Override
    public synchronized void close() throws InterruptedException {
        if (lifecycle == State.CLOSED) {
            return;
        }
        boolean started = lifecycle == State.STARTED;
        lifecycle = State.CLOSED;
        if (!started) {
            return;
        }
        closeSessions();
        domains.clear();
        scheduler.shutdownNow();
        try {
            ZooKeeper zk = admin();
            TreeDeletion.delete(new Zk(zk, new OpCounters()), root);
            Admin.removeEmptyParents(zk, root);
        } catch (KeeperException | DomainStartException e) {
            LOG.warn("could not remove {}: {}", root, e.toString());
        } finally {
            admin.close();
        }
    }

    /**
     * The session that writes and deletes the domains' trees. A partition longer than the session
     * timeout expires it like any other; unlike the simulated ones it holds no state, so a new one
     * is opened when next needed, not at once (the ensemble may still be out of reach).
     */
    private synchronized ZooKeeper admin() throws InterruptedException {
        if (!admin.getState().isAlive()) {
            LOG.info("the admin session {} expired; opening a new one", Long.toHexString(admin.getSessionId()));
            admin = Admin.connect(connectString, addTimeout);
        }
        return admin;
    }

    /**
     * Closes every session, {@value #CLOSERS} at a time: a close waits for the server's answer, and
     * one after the other 3,500 of them take minutes on a busy ensemble.
     */
    private void closeSessions() throws InterruptedException {
        ExecutorService closers = Executors.newFixedThreadPool(CLOSERS, r -> {
            Thread t = new Thread(r, "zkload-sim-close");
            t.setDaemon(true);
            return t;
        });
        try {
            for (Domain d : domains) {
                d.executors.forEach(x -> closers.execute(x.session::close));
                d.consoles.forEach(c -> closers.execute(c::close));
            }
        } finally {
            closers.shutdown();
            closers.awaitTermination(addTimeout.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** The admin session's small helpers. */
    static final class Admin {
        private Admin() {
        }

        static ZooKeeper connect(String connectString, Duration timeout) throws InterruptedException {
            java.util.concurrent.CountDownLatch up = new java.util.concurrent.CountDownLatch(1);
            try {
                ZooKeeper zk = new ZooKeeper(connectString, Session.SESSION_TIMEOUT_MS, e -> {
                    if (e.getState() == org.apache.zookeeper.Watcher.Event.KeeperState.SyncConnected) {
                        up.countDown();
                    }
                });
                if (!up.await(Math.min(timeout.toMillis(), 30_000), TimeUnit.MILLISECONDS)) {
                    zk.close();
                    throw new DomainStartException("cannot connect to " + connectString, null);
                }
                return zk;
            } catch (java.io.IOException e) {
                throw new DomainStartException("cannot connect to " + connectString + ": " + e.getMessage(), e);
            }
        }

        static void createPath(ZooKeeper zk, String path, String data) throws KeeperException, InterruptedException {
            int slash = 0;
            while (true) {
                slash = path.indexOf('/', slash + 1);
                String p = slash < 0 ? path : path.substring(0, slash);
                try {
                    zk.create(p, (slash < 0 ? data : "zkload").getBytes(StandardCharsets.UTF_8), Ids.OPEN_ACL_UNSAFE,
                            CreateMode.PERSISTENT);
                } catch (KeeperException.NodeExistsException ignored) {
                    // shared parent
                }
                if (slash < 0) {
                    return;
                }
            }
        }

        static void removeEmptyParents(ZooKeeper zk, String path) throws InterruptedException {
            for (int slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
                try {
                    zk.delete(path.substring(0, slash), -1);
                } catch (KeeperException e) {
                    return;
                }
            }
        }
    }
}
