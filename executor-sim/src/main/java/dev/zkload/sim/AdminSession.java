package dev.zkload.sim;

import dev.zkload.zk.ZkClientSecurity;
import dev.zkload.zk.ZkTrees;
import dev.zkload.zk.connect.ConnectDiagnosis;
import java.io.Closeable;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apache.curator.RetryLoop;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.api.ACLProvider;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.ACL;

/**
 * The fleet's control session, which writes the domains' trees and removes them. It is not part of
 * any simulated domain, so it is Curator's: a connection lost mid-write is retried with
 * Saturn's own policy (1 s, 3 s at most, 3 retries), and an expired session is replaced by a new
 * one (a partition longer than the session timeout expires it like any other). The pipelined bulk
 * work, a domain's tree of 2,000 znodes in {@code multi}s, goes through the current raw handle.
 * Curator's ensemble tracker stays off: its watch on {@code /zookeeper/config} would count in
 * every measured footprint.
 */
final class AdminSession implements Closeable {
    private final CuratorFramework client;
    private final RootAcl acl;

    private AdminSession(CuratorFramework client, RootAcl acl) {
        this.client = client;
        this.acl = acl;
    }

    /**
     * Connects, or throws {@link DomainStartException} when the ensemble does not answer within {@code timeout}.
     *
     * @param root the fleet's root: it and everything under it get the security's ACL, its parents stay open
     */
    static AdminSession connect(String connectString, ZkClientSecurity security, String root, Duration timeout)
            throws InterruptedException {
        RootAcl acl = new RootAcl(root, security.acl());
        CuratorFrameworkFactory.Builder builder = CuratorFrameworkFactory.builder()
                .connectString(connectString)
                .sessionTimeoutMs(Session.SESSION_TIMEOUT_MS)
                .retryPolicy(new ExponentialBackoffRetry(1000, 3, 3000))
                .ensembleTracker(false)
                .threadFactory(Threads.named("zkload-sim-admin"))
                .aclProvider(acl)
                // every handle Curator opens (the first, and each after an expiry) connects and authenticates as
                // the fleet's other sessions do
                .zookeeperFactory((connect, sessionTimeout, watcher, canBeReadOnly) ->
                        security.open(connect, sessionTimeout, watcher));
        CuratorFramework client = builder.build();
        client.start();
        boolean connected = false;
        try {
            connected = client.blockUntilConnected(
                    (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()), TimeUnit.MILLISECONDS);
        } finally {
            if (!connected) {
                // a server that accepts the connection and never answers holds the client's close until the
                // client's own connect timeout (the session timeout): close it beside the start, not in its way
                Threads.named("zkload-sim-admin-close").newThread(client::close).start();
            }
        }
        if (!connected) {
            throw new DomainStartException(
                    DomainStartException.Reason.UNREACHABLE,
                    "cannot connect to " + connectString + " within " + timeout.toMillis() + " ms: "
                            + ConnectDiagnosis.explain(connectString));
        }
        return new AdminSession(client, acl);
    }

    /**
     * Creates {@code path} and its missing parents; an existing node is fine. Plain {@code create}
     * requests, retried as Curator retries: Curator's own create sends {@code create2}, which
     * ZooKeeper 3.4 servers do not implement.
     */
    void createPath(String path, String data) throws Exception {
        RetryLoop.callWithRetry(client.getZookeeperClient(), () -> {
            ZooKeeper zk = client.getZookeeperClient().getZooKeeper();
            for (int slash = path.indexOf('/', 1); slash > 0; slash = path.indexOf('/', slash + 1)) {
                createIfMissing(zk, path.substring(0, slash), new byte[0]);
            }
            createIfMissing(zk, path, data.getBytes(StandardCharsets.UTF_8));
            return null;
        });
    }

    private void createIfMissing(ZooKeeper zk, String path, byte[] data) throws Exception {
        try {
            zk.create(path, data, acl.getAclForPath(path), CreateMode.PERSISTENT);
        } catch (KeeperException.NodeExistsException ignored) {
            // there already: the root's $SaturnSelf parents are shared by its domains
        }
    }

    /** The current raw session for pipelined calls, counted in {@code counters}, creating with the root's ACL. */
    Zk zk(OpCounters counters) throws Exception {
        return new Zk(client.getZookeeperClient().getZooKeeper(), counters, acl.acl(), () -> false);
    }

    /** Deletes {@code path} with everything under it. */
    long deleteTree(String path) throws Exception {
        return ZkTrees.deleteRecursive(client.getZookeeperClient().getZooKeeper(), path);
    }

    /** The current raw session, for the root's claim. */
    ZooKeeper handle() throws Exception {
        return client.getZookeeperClient().getZooKeeper();
    }

    /**
     * Calls {@code action} with the new session each time Curator replaces an expired one (the
     * ephemerals of the old one are gone), on Curator's event thread: it must not block.
     */
    void onNewSession(Consumer<ZooKeeper> action) {
        AtomicBoolean lost = new AtomicBoolean();
        client.getConnectionStateListenable().addListener((c, s) -> {
            if (s == ConnectionState.LOST) {
                lost.set(true);
            } else if (s == ConnectionState.RECONNECTED && lost.compareAndSet(true, false)) {
                try {
                    action.accept(handle());
                } catch (Exception e) {
                    lost.set(true); // the next reconnect tries again
                }
            }
        });
    }

    @Override
    public void close() {
        client.close();
    }

    /** The root and everything under it get the fleet's ACL; the parents, shared with other runs, stay open. */
    private record RootAcl(String root, List<ACL> acl) implements ACLProvider {
        @Override
        public List<ACL> getDefaultAcl() {
            return acl;
        }

        @Override
        public List<ACL> getAclForPath(String path) {
            return path.equals(root) || path.startsWith(root + "/") ? acl : Ids.OPEN_ACL_UNSAFE;
        }
    }
}
