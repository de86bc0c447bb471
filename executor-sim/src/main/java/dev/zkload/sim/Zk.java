package dev.zkload.sim;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.OpResult.ErrorResult;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;

/**
 * The asynchronous calls of one plain ZooKeeper session, as futures, counted by kind. No call
 * blocks a thread: completions run on the session's event thread and chain the next call there,
 * which is how thousands of simulated sessions share a handful of threads.
 *
 * <p>Results: {@code exists} completes with the Stat or null; {@code getData} with the data (empty
 * for none) or null when the node is absent; {@code getChildren} with an empty list when the node is
 * absent; {@code create} and {@code delete} also normally when the node is there already or gone
 * already (callers treat both alike). Any other error completes the future with the
 * {@link KeeperException}, naming the path (of a {@code multi}: the path of the op that failed),
 * and is counted by operation and code, except the errors of calls cut short by the session's own
 * close: those are the close, not errors. A null watcher sets no watch.
 */
final class Zk {
    private static final byte[] EMPTY = new byte[0];

    private final ZooKeeper zk;
    private final OpCounters counters;
    private final List<ACL> acl;
    private final BooleanSupplier closedByOwner;

    /**
     * @param acl           the ACL of every znode this session creates
     * @param closedByOwner whether the session's owner has closed it: from then on failures are not counted
     */
    Zk(ZooKeeper zk, OpCounters counters, List<ACL> acl, BooleanSupplier closedByOwner) {
        this.zk = zk;
        this.counters = counters;
        this.acl = acl;
        this.closedByOwner = closedByOwner;
    }

    ZooKeeper handle() {
        return zk;
    }

    /** The ACL of every znode this session creates (the fleet's security decides it). */
    List<ACL> acl() {
        return acl;
    }

    CompletableFuture<Stat> exists(String path, Watcher watcher) {
        return call(
                Operation.EXISTS,
                Code.NONODE,
                null,
                r -> zk.exists(path, watcher, (rc, p, ctx, stat) -> r.done(rc, p, stat), null));
    }

    CompletableFuture<byte[]> getData(String path, Watcher watcher) {
        return call(
                Operation.GET_DATA,
                Code.NONODE,
                null,
                r -> zk.getData(
                        path, watcher, (rc, p, ctx, data, stat) -> r.done(rc, p, data == null ? EMPTY : data), null));
    }

    CompletableFuture<List<String>> getChildren(String path, Watcher watcher) {
        return call(
                Operation.GET_CHILDREN,
                Code.NONODE,
                List.of(),
                r -> zk.getChildren(path, watcher, (rc, p, ctx, children) -> r.done(rc, p, children), null));
    }

    CompletableFuture<Void> create(String path, byte[] data, CreateMode mode) {
        return call(
                Operation.CREATE,
                Code.NODEEXISTS,
                null,
                r -> zk.create(path, data, acl, mode, (rc, p, ctx, name) -> r.done(rc, p, null), null));
    }

    /** Creates a sequential node; completes with the name the server gave it, or null when its parent is missing. */
    CompletableFuture<String> createSequential(String path, CreateMode mode) {
        return call(
                Operation.CREATE,
                Code.NONODE,
                null,
                r -> zk.create(path, EMPTY, acl, mode, (rc, p, ctx, name) -> r.done(rc, p, name), null));
    }

    CompletableFuture<Void> delete(String path) {
        return call(
                Operation.DELETE,
                Code.NONODE,
                null,
                r -> zk.delete(path, -1, (rc, p, ctx) -> r.done(rc, p, null), null));
    }

    CompletableFuture<Void> setData(String path, byte[] data) {
        return call(
                Operation.SET_DATA,
                null,
                null,
                r -> zk.setData(path, data, -1, (rc, p, ctx, stat) -> r.done(rc, p, null), null));
    }

    CompletableFuture<List<OpResult>> multi(List<Op> ops) {
        return multi(ops, failure -> false);
    }

    /**
     * A multi whose {@code expected} failures (races the caller retries, as Saturn's processes do) complete the
     * future with their exception but are not counted as errors.
     */
    CompletableFuture<List<OpResult>> multi(List<Op> ops, Predicate<KeeperException> expected) {
        Reply<List<OpResult>> reply = new Reply<>(Operation.MULTI, null, null, expected);
        counters.count(Operation.MULTI);
        zk.multi(ops, (rc, p, ctx, results) -> reply.done(rc, failedPath(ops, results, p), results), null);
        return reply.future;
    }

    /** The path of the op that failed a multi (ZooKeeper names none): the first with an error other than OK. */
    static String failedPath(List<Op> ops, List<OpResult> results, String otherwise) {
        for (int i = 0; results != null && i < results.size() && i < ops.size(); i++) {
            if (results.get(i) instanceof ErrorResult e && e.getErr() != Code.OK.intValue()) {
                return ops.get(i).getPath();
            }
        }
        return otherwise;
    }

    /**
     * The one adapter from ZooKeeper's callbacks to futures: counts the call, sends it, and turns
     * the answer into a value, the value for {@code tolerated}, or a counted error.
     */
    private <T> CompletableFuture<T> call(Operation op, Code tolerated, T whenTolerated, Consumer<Reply<T>> send) {
        counters.count(op);
        Reply<T> reply = new Reply<>(op, tolerated, whenTolerated, failure -> false);
        send.accept(reply);
        return reply.future;
    }

    private final class Reply<T> {
        private final CompletableFuture<T> future = new CompletableFuture<>();
        private final Operation op;
        private final Code tolerated;
        private final T whenTolerated;
        private final Predicate<KeeperException> expected;

        Reply(Operation op, Code tolerated, T whenTolerated, Predicate<KeeperException> expected) {
            this.op = op;
            this.tolerated = tolerated;
            this.whenTolerated = whenTolerated;
            this.expected = expected;
        }

        void done(int rc, String path, T value) {
            if (rc == Code.OK.intValue()) {
                future.complete(value);
            } else if (tolerated != null && rc == tolerated.intValue()) {
                future.complete(whenTolerated);
            } else {
                KeeperException failure = KeeperException.create(Code.get(rc), path);
                if (!closedByOwner.getAsBoolean() && !expected.test(failure)) {
                    counters.error(op, Code.get(rc));
                }
                future.completeExceptionally(failure);
            }
        }
    }
}
