package dev.zkload.sim.internal;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/**
 * The asynchronous calls of one plain ZooKeeper session, as futures, counted by kind. No call
 * blocks a thread: completions run on the session's event thread and chain the next call there,
 * which is how thousands of simulated sessions share a handful of threads.
 *
 * <p>Results: {@code exists} completes with the Stat or null; {@code getData} with the data or null
 * when the node is absent; the others complete exceptionally with the {@link KeeperException}.
 */
final class Zk {
    private final ZooKeeper zk;
    private final OpCounters counters;

    Zk(ZooKeeper zk, OpCounters counters) {
        this.zk = zk;
        this.counters = counters;
    }

    ZooKeeper handle() {
        return zk;
    }

    CompletableFuture<Stat> exists(String path, Watcher watcher) {
        counters.count(OpCounters.Kind.EXISTS);
        CompletableFuture<Stat> f = new CompletableFuture<>();
        AsyncCallback.StatCallback cb = (rc, p, ctx, stat) -> {
            if (rc == Code.OK.intValue() || rc == Code.NONODE.intValue()) {
                f.complete(stat);
            } else {
                fail(f, rc, p);
            }
        };
        if (watcher != null) {
            zk.exists(path, watcher, cb, null);
        } else {
            zk.exists(path, false, cb, null);
        }
        return f;
    }

    CompletableFuture<byte[]> getData(String path, Watcher watcher) {
        counters.count(OpCounters.Kind.GET_DATA);
        CompletableFuture<byte[]> f = new CompletableFuture<>();
        AsyncCallback.DataCallback cb = (rc, p, ctx, data, stat) -> {
            if (rc == Code.OK.intValue()) {
                f.complete(data == null ? new byte[0] : data);
            } else if (rc == Code.NONODE.intValue()) {
                f.complete(null);
            } else {
                fail(f, rc, p);
            }
        };
        if (watcher != null) {
            zk.getData(path, watcher, cb, null);
        } else {
            zk.getData(path, false, cb, null);
        }
        return f;
    }

    CompletableFuture<List<String>> getChildren(String path, Watcher watcher) {
        counters.count(OpCounters.Kind.GET_CHILDREN);
        CompletableFuture<List<String>> f = new CompletableFuture<>();
        AsyncCallback.ChildrenCallback cb = (rc, p, ctx, children) -> {
            if (rc == Code.OK.intValue()) {
                f.complete(children);
            } else if (rc == Code.NONODE.intValue()) {
                f.complete(List.of());
            } else {
                fail(f, rc, p);
            }
        };
        if (watcher != null) {
            zk.getChildren(path, watcher, cb, null);
        } else {
            zk.getChildren(path, false, cb, null);
        }
        return f;
    }

    /** Creates; completes normally also when the node exists already (callers treat both alike). */
    CompletableFuture<Void> create(String path, byte[] data, CreateMode mode) {
        counters.count(OpCounters.Kind.CREATE);
        CompletableFuture<Void> f = new CompletableFuture<>();
        zk.create(path, data, Ids.OPEN_ACL_UNSAFE, mode, (rc, p, ctx, name) -> {
            if (rc == Code.OK.intValue() || rc == Code.NODEEXISTS.intValue()) {
                f.complete(null);
            } else {
                fail(f, rc, p);
            }
        }, null);
        return f;
    }

    /** Creates a sequential node; completes with the name the server gave it. */
    CompletableFuture<String> createSequential(String path, CreateMode mode) {
        counters.count(OpCounters.Kind.CREATE);
        CompletableFuture<String> f = new CompletableFuture<>();
        zk.create(path, new byte[0], Ids.OPEN_ACL_UNSAFE, mode, (rc, p, ctx, name) -> {
            if (rc == Code.OK.intValue()) {
                f.complete(name);
            } else {
                fail(f, rc, p);
            }
        }, null);
        return f;
    }

    /** Deletes; completes normally also when the node is gone already. */
    CompletableFuture<Void> delete(String path) {
        counters.count(OpCounters.Kind.DELETE);
        CompletableFuture<Void> f = new CompletableFuture<>();
        zk.delete(path, -1, (rc, p, ctx) -> {
            if (rc == Code.OK.intValue() || rc == Code.NONODE.intValue()) {
                f.complete(null);
            } else {
                fail(f, rc, p);
            }
        }, null);
        return f;
    }

    CompletableFuture<Void> setData(String path, byte[] data) {
        counters.count(OpCounters.Kind.SET_DATA);
        CompletableFuture<Void> f = new CompletableFuture<>();
        zk.setData(path, data, -1, (rc, p, ctx, stat) -> {
            if (rc == Code.OK.intValue()) {
                f.complete(null);
            } else {
                fail(f, rc, p);
            }
        }, null);
        return f;
    }

    CompletableFuture<List<OpResult>> multi(List<Op> ops) {
        counters.count(OpCounters.Kind.MULTI);
        CompletableFuture<List<OpResult>> f = new CompletableFuture<>();
        zk.multi(ops, (rc, p, ctx, results) -> {
            if (rc == Code.OK.intValue()) {
                f.complete(results);
            } else {
                fail(f, rc, p);
            }
        }, null);
        return f;
    }

    private void fail(CompletableFuture<?> f, int rc, String path) {
        counters.error();
        f.completeExceptionally(KeeperException.create(Code.get(rc), path));
    }
}
