package dev.zkload.bench.client;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;

/**
 * Opens plain ZooKeeper sessions that are connected when returned, or fails within the connect
 * timeout with one sentence ("cannot reach ZooKeeper at 127.0.0.1:1 within 5 s") instead of a
 * client that keeps retrying in the background.
 */
public final class Connections {
    private Connections() {}

    /**
     * Opens a session and returns it once it is connected.
     *
     * @param events receives every non-connection event (watch notifications); may be null
     * @throws IOException when a host does not resolve ({@link java.net.UnknownHostException}), or the
     *                     session does not connect in time (the client is closed)
     */
    public static ZooKeeper open(String connectString, Duration sessionTimeout, Duration connectTimeout, Watcher events)
            throws IOException, InterruptedException {
        return open(connectString, sessionTimeout, connectTimeout, events, state -> {});
    }

    /**
     * Opens a session as {@link #open(String, Duration, Duration, Watcher)} does, and tells
     * {@code states} of every change of the connection's state (disconnected, expired, …) after that.
     */
    public static ZooKeeper open(
            String connectString,
            Duration sessionTimeout,
            Duration connectTimeout,
            Watcher events,
            Consumer<KeeperState> states)
            throws IOException, InterruptedException {
        unknownHost(connectString);
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper zk;
        try {
            zk = new ZooKeeper(connectString, (int) Math.min(Integer.MAX_VALUE, sessionTimeout.toMillis()), event -> {
                if (event.getType() == Watcher.Event.EventType.None) {
                    if (event.getState() == KeeperState.SyncConnected) {
                        connected.countDown();
                    }
                    states.accept(event.getState());
                } else if (events != null) {
                    events.process(event);
                }
            });
        } catch (IllegalArgumentException e) {
            throw new IOException("cannot connect to ZooKeeper at " + connectString + ": " + e.getMessage(), e);
        }
        boolean ok = false;
        try {
            ok = connected.await(connectTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } finally {
            if (!ok) {
                zk.close();
            }
        }
        if (!ok) {
            throw new IOException("cannot reach ZooKeeper at " + connectString + " within " + human(connectTimeout)
                    + " (is the ensemble up and the address right?)");
        }
        return zk;
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
