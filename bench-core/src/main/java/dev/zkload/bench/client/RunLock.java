package dev.zkload.bench.client;

import dev.zkload.bench.threads.DaemonThreads;
import dev.zkload.sim.ZkClientSecurity;
import dev.zkload.sim.zk.RootLock;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sign that a run is alive: an ephemeral znode {@value #NAME} under the run's root, held by a
 * session of the run's own for as long as the run lives. {@code clean} refuses a root whose lock is
 * held, so it cannot delete a live run's tree; a run that was killed leaves no lock once the servers
 * expire its session.
 *
 * <pre>{@code
 * try (RunLock lock = RunLock.acquire("zk1:2181", ZkClientSecurity.NONE, timeout, timeout, "/zkload/ramp-1", owner, false)) {
 *     ...                  // the root exists, marked as zkload's, and the lock is held
 * }                        // lock released; the root and the parents it created removed if empty
 * }</pre>
 *
 * <p>Hazards: if the lock's session expires (a partition longer than its timeout), the lock is
 * created again on a new session when the connection comes back; in between a {@code clean} could
 * find the root unlocked.
 */
public final class RunLock implements AutoCloseable {
    /** The lock's name under a run's root. */
    public static final String NAME = RootLock.NAME;

    private static final Logger LOG = LoggerFactory.getLogger(RunLock.class);

    private final String connectString;
    private final ZkClientSecurity security;
    private final Duration sessionTimeout;
    private final Duration connectTimeout;
    private final String root;
    private final Owner owner;
    private ZkRoot claimed;
    private volatile ZooKeeper zk;
    private volatile boolean closed;

    private RunLock(
            String connectString,
            ZkClientSecurity security,
            Duration sessionTimeout,
            Duration connectTimeout,
            String root,
            Owner owner) {
        this.connectString = connectString;
        this.security = security;
        this.sessionTimeout = sessionTimeout;
        this.connectTimeout = connectTimeout;
        this.root = root;
        this.owner = owner;
    }

    /**
     * Who holds a lock, as the run wrote it into the lock's data.
     *
     * @param command the command (ramp, simulate, latency)
     * @param runId   the run's id
     * @param pid     the runner's process id on {@code host}
     * @param host    the host the runner runs on
     * @param started when the run started
     */
    public record Owner(String command, String runId, long pid, String host, Instant started) {
        /** The process that holds the lock is known to be gone: it ran here and no such process lives. */
        public boolean goneFromThisHost() {
            return RootLock.goneFromThisHost(pid, host);
        }

        @Override
        public String toString() {
            return RootLock.holder(command, runId, Long.toString(pid), host, started.toString());
        }
    }

    /** A live run's lock found under some root: its path, its owner (null if its data is not zkload's), its session. */
    public record Holder(String path, Owner owner, long sessionId) {
        @Override
        public String toString() {
            return (owner == null ? RootLock.NO_PROCESS : owner.toString()) + ", session 0x"
                    + Long.toHexString(sessionId);
        }
    }

    /** Thrown when the root is another live run's. */
    public static final class HeldException extends IllegalStateException {
        private static final long serialVersionUID = 1L;
        private final transient Holder holder;

        HeldException(String root, Holder holder) {
            super(root + " is in use by a live run (" + holder + ")");
            this.holder = holder;
        }

        public Holder holder() {
            return holder;
        }
    }

    /**
     * Creates {@code root} (and missing parents, marked as zkload's) if needed and takes its lock.
     *
     * @param security how the lock's session connects and authenticates, and the ACL of the root it creates
     * @param owner  the run, for whoever finds its lock
     * @param force  empty an existing root that holds znodes (but never a live run's)
     * @throws HeldException         when another live run holds the root
     * @throws IllegalStateException when the root holds znodes and {@code force} is not set
     * @throws KeeperException       when the ensemble refuses (e.g. {@code NoAuth}: its ACL denies us)
     * @throws IOException           when the ensemble cannot be reached
     */
    public static RunLock acquire(
            String connectString,
            ZkClientSecurity security,
            Duration sessionTimeout,
            Duration connectTimeout,
            String root,
            Owner owner,
            boolean force)
            throws IOException, KeeperException, InterruptedException {
        RunLock lock = new RunLock(connectString, security, sessionTimeout, connectTimeout, root, owner);
        lock.zk = Connections.open(connectString, security, sessionTimeout, connectTimeout, lock.new Expiry());
        try {
            lock.claim(force);
            return lock;
        } catch (KeeperException | RuntimeException e) {
            lock.zk.close();
            throw e;
        }
    }

    private void claim(boolean force) throws KeeperException, InterruptedException {
        Optional<Holder> live = holder(zk, root);
        if (live.isPresent()) {
            throw new HeldException(root, live.get());
        }
        claimed = ZkRoot.prepare(zk, root, owner.command() + " " + owner.runId(), force, security.acl());
        zk.create(root + "/" + NAME, data(), security.acl(), CreateMode.EPHEMERAL);
    }

    /** The lock's data, in the one shape runs and fleets write (no session timeout: a run's is its own). */
    private byte[] data() {
        return RootLock.data(owner.command(), owner.runId(), owner.pid(), owner.host(), owner.started(), 0);
    }

    /** The holder a lock names; null when it names none (a lock some other tool wrote: still a live session). */
    private static Owner owner(RootLock lock) {
        Optional<String> command = lock.field("command");
        Optional<String> runId = lock.field("runId");
        Optional<String> pid = lock.field("pid");
        Optional<String> host = lock.field("host");
        Optional<String> started = lock.field("started");
        if (command.isEmpty() || runId.isEmpty() || pid.isEmpty() || host.isEmpty() || started.isEmpty()) {
            return null;
        }
        try {
            return new Owner(
                    command.get(), runId.get(), Long.parseLong(pid.get()), host.get(), Instant.parse(started.get()));
        } catch (NumberFormatException | DateTimeParseException e) {
            return null;
        }
    }

    /** The live lock directly under {@code root}, if a run or fleet holds one. */
    public static Optional<Holder> holder(ZooKeeper zk, String root) throws KeeperException, InterruptedException {
        return RootLock.held(zk, root).map(lock -> new Holder(lock.path(), owner(lock), lock.sessionId()));
    }

    /** The live locks among {@code paths} (e.g. a tree listed with {@link dev.zkload.sim.zk.ZkTrees#list}). */
    public static List<Holder> holders(ZooKeeper zk, List<String> paths) throws KeeperException, InterruptedException {
        List<Holder> live = new ArrayList<>();
        for (String p : paths) {
            if (p.endsWith("/" + NAME)) {
                Optional<Holder> h = holder(zk, p.substring(0, p.length() - NAME.length() - 1));
                h.ifPresent(live::add);
            }
        }
        return live;
    }

    public String root() {
        return root;
    }

    /** The lock's session, for whoever needs one more look at the root under the run's name. */
    public long sessionId() {
        return zk.getSessionId();
    }

    /** Releases the lock; removes the root and the parents this lock created if they are empty. Idempotent. */
    @Override
    public void close() {
        // one monitor with retake(): a lock taken again while this closes is closed by it, never left open
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        boolean interrupted = Thread.interrupted();
        try {
            try {
                zk.delete(root + "/" + NAME, -1);
            } catch (KeeperException.NoNodeException gone) {
                // the run's own cleanup removed the whole root already
            }
            claimed.removeIfEmpty(zk);
        } catch (KeeperException.SessionExpiredException e) {
            // a partition longer than the session timeout took the lock before it was taken again: its root
            // is still this run's to remove
            removeOnFreshSession();
        } catch (KeeperException | InterruptedException e) {
            LOG.warn("could not release the lock of {} ({}); it goes when its session ends", root, e.toString());
        } finally {
            try {
                zk.close();
            } catch (InterruptedException e) {
                interrupted = true;
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The root and the parents this lock created, removed if empty on a session of their own. */
    private void removeOnFreshSession() {
        try {
            ZooKeeper fresh = Connections.open(connectString, security, sessionTimeout, connectTimeout, null);
            try {
                claimed.removeIfEmpty(fresh);
            } finally {
                fresh.close();
            }
        } catch (IOException | KeeperException | InterruptedException e) {
            LOG.warn(
                    "the lock of {} went with its session, and its root could not be removed ({})", root, e.toString());
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** On expiry, takes the lock again on a new session: the run is still alive. */
    private final class Expiry implements Watcher {
        @Override
        public void process(WatchedEvent event) {
            if (event.getState() != Event.KeeperState.Expired || closed) {
                return;
            }
            // not on this (the expired client's) event thread: opening a session waits for it to connect
            DaemonThreads.start("zkload-run-lock", RunLock.this::retake);
        }
    }

    private void retake() {
        try {
            ZooKeeper fresh = Connections.open(
                    connectString, security, sessionTimeout, connectTimeout.multipliedBy(20), new Expiry());
            synchronized (this) {
                if (closed) {
                    // the run ended meanwhile: close() removes the root, and this session must not hold it
                    fresh.close();
                    return;
                }
                zk = fresh;
            }
            fresh.create(root + "/" + NAME, data(), security.acl(), CreateMode.EPHEMERAL);
            LOG.info(
                    "the lock of {} was lost with its session; taken again on session 0x{}",
                    root,
                    Long.toHexString(fresh.getSessionId()));
        } catch (IOException | KeeperException e) {
            LOG.warn("the lock of {} was lost with its session and could not be taken again: {}", root, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
