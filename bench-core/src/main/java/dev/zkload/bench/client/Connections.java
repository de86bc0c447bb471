package dev.zkload.bench.client;

import dev.zkload.zk.ZkClientSecurity;
import dev.zkload.zk.connect.ConnectString;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.client.ZooKeeperSaslClient;

/**
 * Opens plain ZooKeeper sessions that are connected when returned, or fails within the connect
 * timeout with one sentence ("cannot reach ZooKeeper at 127.0.0.1:1 within 5 s") instead of a
 * client that keeps retrying in the background.
 */
public final class Connections {
    private Connections() {}

    /**
     * Opens a plain session (no TLS, no authentication) and returns it once it is connected.
     *
     * @param events receives every non-connection event (watch notifications); may be null
     * @throws IOException when a host does not resolve ({@link java.net.UnknownHostException}), or the
     *                     session does not connect in time (the client is closed)
     */
    public static ZooKeeper open(String connectString, Duration sessionTimeout, Duration connectTimeout, Watcher events)
            throws IOException, InterruptedException {
        return open(connectString, ZkClientSecurity.NONE, sessionTimeout, connectTimeout, events);
    }

    /**
     * Opens a session with {@code security} (TLS, SASL, auth infos) and returns it once it is connected
     * and, where the client speaks SASL, authenticated.
     *
     * @param events receives every non-connection event (watch notifications); may be null
     * @throws IOException when a host does not resolve ({@link java.net.UnknownHostException}), the
     *                     session does not connect in time, or the ensemble refuses the client's SASL
     *                     credentials ({@link AuthenticationFailedException}); the client is closed
     */
    public static ZooKeeper open(
            String connectString,
            ZkClientSecurity security,
            Duration sessionTimeout,
            Duration connectTimeout,
            Watcher events)
            throws IOException, InterruptedException {
        return open(connectString, security, sessionTimeout, connectTimeout, events, state -> {});
    }

    /**
     * Opens a session as {@link #open(String, ZkClientSecurity, Duration, Duration, Watcher)} does, and
     * tells {@code states} of every change of the connection's state (disconnected, expired, …).
     */
    public static ZooKeeper open(
            String connectString,
            ZkClientSecurity security,
            Duration sessionTimeout,
            Duration connectTimeout,
            Watcher events,
            Consumer<KeeperState> states)
            throws IOException, InterruptedException {
        unknownHost(connectString);
        ConnectionEvents state = new ConnectionEvents(events, states);
        ZooKeeper zk;
        try {
            zk = security.open(connectString, (int) Math.min(Integer.MAX_VALUE, sessionTimeout.toMillis()), state);
        } catch (IllegalArgumentException e) {
            throw new IOException("cannot connect to ZooKeeper at " + connectString + ": " + e.getMessage(), e);
        }
        boolean ok = false;
        try {
            ok = state.awaitReady(zk, connectTimeout);
        } finally {
            if (!ok) {
                zk.close();
            }
        }
        if (state.authFailed()) {
            throw new AuthenticationFailedException("ZooKeeper at " + connectString
                    + " refused this client's SASL credentials (check the user and password of the JAAS file's"
                    + " client section)");
        }
        if (!ok) {
            throw new IOException("cannot reach ZooKeeper at " + connectString + " within " + human(connectTimeout)
                    + (security.tls()
                            ? " over TLS (is the ensemble up, the address its secure client port, and the trust"
                                    + " store right?)"
                            : " (is the ensemble up and the address right?)"));
        }
        return zk;
    }

    /** The ensemble refused the client's credentials: a failure no retry fixes. */
    public static final class AuthenticationFailedException extends IOException {
        private static final long serialVersionUID = 1L;

        AuthenticationFailedException(String message) {
            super(message);
        }
    }

    /**
     * The session's connection events: connected, and (where the client speaks SASL) authenticated or
     * refused. A client with SASL configured sends no request before its SASL exchange ends, so a
     * session handed out before that would only fail later, less clearly.
     */
    private static final class ConnectionEvents implements Watcher {
        private final Watcher events;
        private final Consumer<KeeperState> states;
        private final CountDownLatch connected = new CountDownLatch(1);
        private final CountDownLatch authenticated = new CountDownLatch(1);
        private volatile boolean authFailed;

        ConnectionEvents(Watcher events, Consumer<KeeperState> states) {
            this.events = events;
            this.states = states;
        }

        @Override
        public void process(WatchedEvent event) {
            if (event.getType() != Watcher.Event.EventType.None) {
                if (events != null) {
                    events.process(event);
                }
                return;
            }
            KeeperState s = event.getState();
            states.accept(s);
            if (s == KeeperState.SyncConnected) {
                connected.countDown();
            } else if (s == KeeperState.SaslAuthenticated) {
                authenticated.countDown();
            } else if (s == KeeperState.AuthFailed) {
                authFailed = true;
                connected.countDown();
                authenticated.countDown();
            }
        }

        boolean awaitReady(ZooKeeper zk, Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            if (!connected.await(timeout.toNanos(), TimeUnit.NANOSECONDS) || authFailed) {
                return false;
            }
            ZooKeeperSaslClient sasl = zk.getSaslClient();
            // the client tries SASL only where a JAAS client section exists; otherwise no SASL event comes
            if (sasl == null || !sasl.getConfigStatus().startsWith("Will attempt")) {
                return !authFailed;
            }
            return authenticated.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS) && !authFailed;
        }

        boolean authFailed() {
            return authFailed;
        }
    }

    /** @throws java.net.UnknownHostException (an IOException) naming the host that does not resolve */
    private static void unknownHost(String connectString) throws java.net.UnknownHostException {
        ConnectString cs;
        try {
            cs = ConnectString.parse(connectString);
        } catch (IllegalArgumentException e) {
            return; // ZooKeeper's own parser gives its message below
        }
        var host = cs.unknownHost();
        if (host.isPresent()) {
            throw new java.net.UnknownHostException(
                    "unknown host '" + host.get() + "' in " + connectString + " (it does not resolve to an address)");
        }
    }

    static String human(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? (ms / 1000) + " s" : ms + " ms";
    }
}
