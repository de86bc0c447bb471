package dev.zkload.sim.internal;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One simulated process's ZooKeeper session (plain client: two threads, no Curator framework).
 * Saturn's settings: 20 s session timeout. On a plain reconnect the owner re-reads its caches; on
 * expiry it gets a brand-new session and registers again from scratch, as a Saturn executor does.
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
    private final FleetState state;
    private final String name;
    private volatile Owner owner;
    private volatile Zk zk;
    private volatile CompletableFuture<Void> connected = new CompletableFuture<>();
    private volatile boolean wasDisconnected;
    private volatile boolean closed;

    Session(String connectString, FleetState state, String name) {
        this.connectString = connectString;
        this.state = state;
        this.name = name;
    }

    void owner(Owner owner) {
        this.owner = owner;
    }

    /** Opens the session; the future completes when it is connected. */
    CompletableFuture<Void> open() {
        connected = new CompletableFuture<>();
        try {
            zk = new Zk(new ZooKeeper(connectString, SESSION_TIMEOUT_MS, this), state.ops());
            state.sessionOpened();
        } catch (IOException | RuntimeException e) {
            connected.completeExceptionally(e);
        }
        return connected;
    }

    Zk zk() {
        return zk;
    }

    String name() {
        return name;
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
                state.sessionEvent("reconnected", +1);
                Owner o = owner;
                if (o != null) {
                    o.reconnected();
                }
            }
        } else if (s == KeeperState.Disconnected) {
            if (!wasDisconnected) {
                wasDisconnected = true;
                state.sessionEvent("disconnected", +1);
            }
        } else if (s == KeeperState.Expired) {
            state.sessionEvent("expired", +1);
            LOG.info("session of {} expired; registering again on a new session", name);
            // an expired handle has already shut itself down; closing it here, on its own event thread,
            // would wait for this very thread to end
            if (zk != null) {
                zk = null;
                state.sessionClosed();
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

    private void closeQuietly() {
        Zk z = zk;
        zk = null;
        if (z != null) {
            state.sessionClosed();
            try {
                z.handle().close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    void close() {
        closed = true;
        closeQuietly();
    }
}
