package dev.zkload.runner.engine.scan;

import dev.zkload.runner.RunFailure;
import dev.zkload.runner.engine.run.ClientSecuritySpec;
import dev.zkload.runner.engine.run.PlainClient;
import dev.zkload.zk.connect.ConnectString;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/**
 * The scan's only way to ZooKeeper: three reads and nothing else, so no code path of the scan can
 * write, and none sets a watch. Every request waits for its slot under the rate bound, and the
 * request after the last one the count bound allows fails instead of being sent.
 */
public final class ReadOnlyZk implements AutoCloseable {
    private final ZooKeeper zk;
    private final long intervalNanos;
    private final long maxRequests;
    private long requests;
    private long nextSlot = System.nanoTime();
    private Consumer<String> watcher = path -> {};

    ReadOnlyZk(ZooKeeper zk, double maxRate, long maxRequests) {
        this.zk = zk;
        this.intervalNanos = (long) (1e9 / maxRate);
        this.maxRequests = maxRequests;
    }

    /** Connects with the secured-connection options of every command, to a chroot that exists. */
    public static ReadOnlyZk connect(
            ConnectString cs, ClientSecuritySpec security, Duration timeout, double maxRate, long maxRequests)
            throws IOException, InterruptedException {
        return new ReadOnlyZk(PlainClient.open(cs, security, timeout), maxRate, maxRequests);
    }

    /** The children of a node, or null when it does not exist. */
    public List<String> children(String path) throws IOException, InterruptedException {
        pace(path);
        try {
            return zk.getChildren(path, false);
        } catch (KeeperException.NoNodeException e) {
            return null;
        } catch (KeeperException e) {
            throw failure(path, e);
        }
    }

    /** The data of a node, or null when it does not exist. */
    public byte[] data(String path) throws IOException, InterruptedException {
        pace(path);
        try {
            byte[] data = zk.getData(path, false, null);
            return data == null ? new byte[0] : data;
        } catch (KeeperException.NoNodeException e) {
            return null;
        } catch (KeeperException e) {
            throw failure(path, e);
        }
    }

    /** A node's stat (its ephemeral owner tells a container, {@code 0x8000000000000000}), or null when it does not exist. */
    public Stat stat(String path) throws IOException, InterruptedException {
        pace(path);
        try {
            return zk.exists(path, false);
        } catch (KeeperException e) {
            throw failure(path, e);
        }
    }

    public boolean exists(String path) throws IOException, InterruptedException {
        pace(path);
        try {
            return zk.exists(path, false) != null;
        } catch (KeeperException e) {
            throw failure(path, e);
        }
    }

    /** From now on, {@code watcher} is told of each request's path before it is sent, and may stop it by throwing. */
    public void watchRequests(Consumer<String> watcher) {
        this.watcher = watcher;
    }

    /** Requests sent so far. */
    public long requests() {
        return requests;
    }

    @Override
    public void close() {
        PlainClient.close(zk);
    }

    private void pace(String path) throws InterruptedException {
        watcher.accept(path);
        if (requests >= maxRequests) {
            throw new RunFailure("the scan reached --max-requests " + maxRequests + " at " + path
                    + " before it had read everything; nothing was written: raise --max-requests or scan fewer"
                    + " namespaces (--namespaces)");
        }
        long wait;
        while ((wait = nextSlot - System.nanoTime()) > 0) {
            LockSupport.parkNanos(wait);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
        nextSlot = Math.max(nextSlot, System.nanoTime() - intervalNanos) + intervalNanos;
        requests++;
    }

    private static IOException failure(String path, KeeperException e) {
        if (e instanceof KeeperException.NoAuthException) {
            return new IOException(
                    "its ACL on " + path + " does not let this client read it (NoAuth): give"
                            + " credentials with READ permission on the namespaces (--auth, --jaas, --tls-keystore)",
                    e);
        }
        return new IOException("reading " + path + ": " + e.getMessage(), e);
    }
}
