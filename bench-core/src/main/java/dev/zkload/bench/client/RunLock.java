package dev.zkload.bench.client;

import dev.zkload.bench.threads.DaemonThreads;
import dev.zkload.zk.ZkClientSecurity;
import dev.zkload.zk.claim.RootClaim;
import dev.zkload.zk.claim.RootLock;
import dev.zkload.zk.claim.RootRefusedException;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sign that a run is alive: the run's {@link RootClaim} on its root (labelled {@code <command> <run id>}), an
 * ephemeral znode {@value #NAME} held by a session of the run's own for as long as the run lives: the very claim
 * an executor-sim fleet puts on its root, with another label. {@code clean} refuses a root whose lock is held, so
 * it cannot delete a live run's tree; a run that was killed leaves no lock once the servers expire its session.
 *
 * <pre>{@code
 * try (RunLock lock = RunLock.acquire("zk1:2181", ZkClientSecurity.NONE, timeout, timeout, "/zkload/ramp-1", owner, false)) {
 *     ...                  // the root exists, marked as zkload's, and the lock is held
 * }                        // lock released; the root and the parents it created removed if empty
 * }</pre>
 *
 * <p>Through an outage it behaves as a fleet's claim does: when the lock's session expires (a partition or a server
 * away longer than its timeout) the lock goes with it, and is taken again on a new session as soon as the servers
 * answer, once the old session's lock is gone; a root the servers lost (a server back without its data) is written
 * again. Hazard: in between, a {@code clean} could find the root unlocked.
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
    private RootClaim claim;
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
        lock.zk = lock.open(connectTimeout);
        try {
            lock.claim(force);
            return lock;
        } catch (KeeperException | RuntimeException e) {
            lock.zk.close();
            throw e;
        }
    }

    /** A session of the lock's own, which takes the lock again on a new one when it expires. */
    private ZooKeeper open(Duration timeout) throws IOException, InterruptedException {
        LockSession session = new LockSession();
        session.handle = Connections.open(connectString, security, sessionTimeout, timeout, null, session);
        return session.handle;
    }

    /**
     * The lock's session's connection states. The session is given up, and the lock taken again on a new one,
     * when the servers say it expired or, as Curator does, once it has been disconnected for its whole timeout:
     * a server that came back without its data never tells an old session it expired (it refuses a client that
     * has seen more of the log than itself), and an outage seen from the client alone ends the same way.
     */
    private final class LockSession implements Consumer<KeeperState> {
        private volatile ZooKeeper handle;
        private volatile long disconnectedSince;
        private final AtomicBoolean givenUp = new AtomicBoolean();

        @Override
        public void accept(KeeperState state) {
            if (state == KeeperState.SyncConnected) {
                disconnectedSince = 0;
            } else if (state == KeeperState.Disconnected && disconnectedSince == 0) {
                long since = System.nanoTime();
                disconnectedSince = since;
                DaemonThreads.start("zkload-run-lock-timeout", () -> giveUpUnlessBackWithin(since));
            } else if (state == KeeperState.Expired) {
                giveUp();
            }
        }

        private void giveUpUnlessBackWithin(long since) {
            try {
                TimeUnit.NANOSECONDS.sleep(sessionTimeout.toNanos());
            } catch (InterruptedException e) {
                return;
            }
            if (disconnectedSince == since) {
                LOG.info("the lock of {} has had no connection for its session timeout: taking it again", root);
                giveUp();
            }
        }

        private void giveUp() {
            if (!closed && givenUp.compareAndSet(false, true)) {
                // not on the client's event thread: opening a session waits for it to connect
                DaemonThreads.start("zkload-run-lock", () -> retake(handle));
            }
        }
    }

    private void claim(boolean force) throws KeeperException, InterruptedException {
        try {
            claim = RootClaim.take(
                    zk,
                    root,
                    owner.command() + " " + owner.runId(),
                    data(),
                    security.acl(),
                    force ? RootClaim.Leftover.CLEAR : RootClaim.Leftover.REFUSE);
        } catch (RootRefusedException e) {
            throw switch (e.reason()) {
                case HELD -> new HeldException(root, holder(e.holder().orElseThrow()));
                case HOLDS_LIVE_CLAIM_BELOW ->
                    new IllegalStateException(e.getMessage() + "; choose a root of its own beside it, not above it");
                case LEFTOVER, NOT_ZKLOADS ->
                    new IllegalStateException(root + " already exists and holds " + e.znodes()
                            + " znodes; choose another root, or use --force to clear it");
            };
        }
        claim.whenRootGone(() -> DaemonThreads.start("zkload-run-lock", this::restore));
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
        return RootLock.held(zk, root).map(RunLock::holder);
    }

    private static Holder holder(RootLock lock) {
        return new Holder(lock.path(), owner(lock), lock.sessionId());
    }

    /** The live locks among {@code paths} (e.g. a tree listed with {@link dev.zkload.zk.ZkTrees#list}). */
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

    /** The lock's session's password: what a test needs to expire that session as the servers do. */
    byte[] sessionPassword() {
        return zk.getSessionPasswd();
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
            claim.release(zk);
            claim.removeIfEmpty(zk);
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
                claim.removeIfEmpty(fresh);
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

    /**
     * After an expiry, takes the lock again on a new session: the run is still alive. However long the servers stay
     * away, it keeps trying until it has a session or the run ends.
     */
    private void retake(ZooKeeper expired) {
        try {
            expired.close(1);
            ZooKeeper fresh = null;
            for (int attempt = 1; fresh == null && !closed; attempt++) {
                try {
                    fresh = open(connectTimeout);
                } catch (IOException e) {
                    if (attempt == 1) {
                        LOG.warn(
                                "the lock of {} was lost with its session; taking it again once the ensemble answers:"
                                        + " {}",
                                root,
                                e.getMessage());
                    }
                    TimeUnit.SECONDS.sleep(1); // a failure that comes at once (a name that does not resolve) waits too
                }
            }
            if (fresh == null) {
                return;
            }
            synchronized (this) {
                if (closed) {
                    // the run ended meanwhile: close() removes the root, and this session must not hold it
                    fresh.close();
                    return;
                }
                zk = fresh;
            }
            claim.renew(fresh);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The root is gone from the ensemble (a server back without its data): the root and the lock written again. */
    private void restore() {
        try {
            LOG.error(
                    "{} is gone from the ensemble (a server that came back without its data?): writing it and the"
                            + " run's lock again",
                    root);
            claim.restore(zk);
        } catch (KeeperException e) {
            LOG.warn("the root {} could not be written again: {}", root, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
