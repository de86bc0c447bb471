package dev.zkload.sim;

import dev.zkload.zk.ZkClientSecurity;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One simulated process's ZooKeeper session (plain client: two threads, no Curator framework).
 * Saturn's settings: 20 s session timeout. On a plain reconnect the owner re-reads its caches; on
 * expiry it gets a brand-new session and registers again from scratch, as a Saturn executor does.
 * Once closed a session stays closed: a later {@link #open()} (a registration racing the fleet's
 * close) fails instead of leaking a connection.
 */
final class Session implements Watcher {
    private static final Logger LOG = LoggerFactory.getLogger(Session.class);
    static final int SESSION_TIMEOUT_MS = 20_000;

    /** What the owner does on connection events; called on the event thread. */
    interface Owner {
        void reconnected();

        void expired();
    }

    private final String connectString;
    private final ZkClientSecurity security;
    private final FleetState state;
    private final String name;
    private volatile Owner owner;
    private volatile Zk zk;
    private volatile CompletableFuture<Void> connected = new CompletableFuture<>();
    private volatile boolean wasDisconnected;
    private volatile boolean closed;

    Session(String connectString, ZkClientSecurity security, FleetState state, String name) {
        this.connectString = connectString;
        this.security = security;
        this.state = state;
        this.name = name;
    }

    void owner(Owner owner) {
        this.owner = owner;
    }

    /** Opens the session; the future completes when it is connected. */
    synchronized CompletableFuture<Void> open() {
        connected = new CompletableFuture<>();
        if (closed) {
            connected.completeExceptionally(new IllegalStateException(name + " is closed"));
            return connected;
        }
        try {
            // without security this is the plain constructor the sessions always used: not one request more
            zk = new Zk(
                    security.open(connectString, SESSION_TIMEOUT_MS, this),
                    state.ops(),
                    security.acl(),
                    this::isClosed);
            state.sessionOpened();
        } catch (IOException | RuntimeException e) {
            connected.completeExceptionally(e);
        }
        return connected;
    }

    /** The session's calls, or null while it has none (not opened yet, expired, closed). */
    Zk zk() {
        return zk;
    }

    String name() {
        return name;
    }

    /**
     * Counts (and among the first of its kind, logs) a failure of this session's background work.
     * Calls cut short by the session's own close are the close, not failures.
     */
    void failed(FailureKind kind, Throwable cause) {
        if (!closed) {
            state.failures().record(kind, name, cause);
        }
    }

    /** A handler for the end of a chain of calls that nobody waits for: failures are recorded, not lost. */
    <T> void watch(CompletableFuture<T> work, FailureKind kind) {
        var unused = work.whenComplete((v, e) -> {
            if (e != null) {
                failed(kind, e);
            }
        });
    }

    @Override
    public void process(WatchedEvent event) {
        if (event.getType() != Event.EventType.None || closed) {
            return;
        }
        KeeperState s = event.getState();
        if (s == KeeperState.SyncConnected) {
            connected.complete(null);
            if (wasDisconnected) {
                wasDisconnected = false;
                state.sessionEvent(SessionEvent.RECONNECTED);
                Owner o = owner;
                if (o != null) {
                    o.reconnected();
                }
            }
        } else if (s == KeeperState.Disconnected) {
            if (!wasDisconnected) {
                wasDisconnected = true;
                state.sessionEvent(SessionEvent.DISCONNECTED);
            }
        } else if (s == KeeperState.Expired) {
            state.sessionEvent(SessionEvent.EXPIRED);
            LOG.info("session of {} expired; registering again on a new session", name);
            // an expired handle has already shut itself down; closing it here, on its own event thread,
            // would wait for this very thread to end
            synchronized (this) {
                if (zk != null) {
                    zk = null;
                    state.sessionClosed();
                }
            }
            wasDisconnected = false;
            Owner o = owner;
            if (o != null) {
                o.expired();
            }
        }
    }

    boolean isConnected() {
        Zk z = zk;
        return z != null && !wasDisconnected && z.handle().getState().isConnected();
    }

    boolean isClosed() {
        return closed;
    }

    /** Closes the session for good; waits for the server's answer. */
    void close() {
        Zk z;
        synchronized (this) {
            closed = true;
            connected.completeExceptionally(new IllegalStateException(name + " was closed"));
            z = zk;
            zk = null;
            if (z != null) {
                state.sessionClosed();
            }
        }
        if (z != null) {
            try {
                z.handle().close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
