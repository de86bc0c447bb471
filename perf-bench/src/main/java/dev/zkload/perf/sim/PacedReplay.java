package dev.zkload.perf.sim;

import dev.zkload.bench.client.Connections;
import dev.zkload.sim.Operation;
import dev.zkload.zk.ZkTrees;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;

/**
 * The second baseline of the CPU per request: the steady minute's requests (same count of each
 * kind) sent by as many bare sessions as the fleet held, spread evenly over as long as the fleet
 * took, so each session carries what a simulated one does — a request or two in flight, a wake-up
 * of its send thread and of its event thread per request, the notifications of its own watches —
 * and none of the simulator's work: no fire schedules, no caches, no dependent chains. One thread
 * sends, waking once a millisecond for the requests then due.
 *
 * <p>The fleet's CPU per request over this replay's is what the simulator itself adds; this
 * replay's over {@link BareReplay}'s (8 sessions, 250 in flight each) is what spreading the same
 * requests over many sessions costs the plain client.
 */
final class PacedReplay {
    private static final byte[] DATA = "127.0.0.1".getBytes(StandardCharsets.UTF_8);
    private static final Watcher IGNORE = e -> {};
    private static final long TICK_NANOS = 1_000_000L;

    private final List<Session> sessions = new ArrayList<>();
    private final AtomicLong answered = new AtomicLong();
    private final AtomicReference<KeeperException> failure = new AtomicReference<>();

    private PacedReplay() {}

    /**
     * Replays {@code requests} (kind → count) under {@code root}, which must not exist, through
     * {@code sessionCount} new sessions to {@code connectString}, evenly over {@code over}. Returns
     * what the replay took from its first request to its last answer (the sessions' set-up and
     * closing not included), and removes what it wrote.
     */
    static BareReplay.Replayed replay(
            ZooKeeper zk,
            String connectString,
            String root,
            Map<Operation, Long> requests,
            int sessionCount,
            Duration over)
            throws Exception {
        PacedReplay replay = new PacedReplay();
        zk.create(root, new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        try {
            for (int s = 0; s < sessionCount; s++) {
                ZooKeeper client =
                        Connections.open(connectString, Duration.ofSeconds(30), Duration.ofSeconds(30), e -> {});
                replay.sessions.add(replay.new Session(client, root + "/s" + s));
            }
            Operation[] plan = plan(requests);
            ProcessCpu cpu0 = ProcessCpu.now();
            long t0 = System.nanoTime();
            replay.send(plan, t0, over.toNanos());
            replay.awaitAnswers(plan.length, over);
            double seconds = (System.nanoTime() - t0) / 1e9;
            ProcessCpu cpu = ProcessCpu.now().since(cpu0);
            if (replay.failure.get() != null) {
                throw replay.failure.get();
            }
            return new BareReplay.Replayed(seconds, plan.length, cpu);
        } finally {
            for (Session s : replay.sessions) {
                s.zk.close();
            }
            ZkTrees.deleteRecursive(zk, root);
        }
    }

    /** Every request of the minute, its kinds shuffled (with a fixed seed) so none comes in a block. */
    private static Operation[] plan(Map<Operation, Long> requests) {
        List<Operation> plan = new ArrayList<>();
        requests.forEach((kind, n) -> plan.addAll(Collections.nCopies(Math.toIntExact(n), kind)));
        Collections.shuffle(plan, new Random(1));
        return plan.toArray(Operation[]::new);
    }

    /** Request {@code i} at {@code t0 + i * over / n}, by session {@code i % sessions}. */
    private void send(Operation[] plan, long t0, long overNanos) {
        double every = (double) overNanos / plan.length;
        int i = 0;
        while (i < plan.length) {
            long now = System.nanoTime();
            for (; i < plan.length && t0 + (long) (i * every) <= now; i++) {
                sessions.get(i % sessions.size()).send(plan[i]);
            }
            LockSupport.parkNanos(TICK_NANOS);
        }
    }

    private void awaitAnswers(long n, Duration over) throws InterruptedException {
        long deadline = System.nanoTime() + over.toNanos() * 2;
        while (answered.get() < n) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("the paced replay had " + answered.get() + " of its " + n
                        + " requests answered after twice its length");
            }
            Thread.sleep(5);
        }
    }

    private void done(int rc, String path) {
        // a delete may find nothing to delete (the session's deletes outran its creates): the request was served
        if (rc != 0 && rc != KeeperException.Code.NONODE.intValue()) {
            failure.compareAndSet(null, KeeperException.create(KeeperException.Code.get(rc), path));
        }
        answered.incrementAndGet();
    }

    /** One bare session and its folder: a node it reads, writes and watches, and the children it creates. */
    private final class Session
            implements AsyncCallback.StringCallback,
                    AsyncCallback.StatCallback,
                    AsyncCallback.DataCallback,
                    AsyncCallback.VoidCallback,
                    AsyncCallback.ChildrenCallback {
        final ZooKeeper zk;
        private final String folder;
        private final String node;
        /** Children created and not deleted yet, oldest first; touched by the sending thread only. */
        private final ArrayDeque<String> created = new ArrayDeque<>();

        private long next;

        Session(ZooKeeper zk, String folder) throws KeeperException, InterruptedException {
            this.zk = zk;
            this.folder = folder;
            this.node = folder + "/n";
            zk.create(folder, new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            zk.create(node, DATA, Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        }

        void send(Operation kind) {
            switch (kind) {
                case CREATE -> {
                    String path = folder + "/c" + next++;
                    created.add(path);
                    zk.create(path, DATA, Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT, this, null);
                }
                case DELETE -> zk.delete(created.isEmpty() ? folder + "/none" : created.poll(), -1, this, null);
                case SET_DATA -> zk.setData(node, DATA, -1, this, null);
                case EXISTS -> zk.exists(node, IGNORE, this, null);
                case GET_DATA -> zk.getData(node, IGNORE, this, null);
                case GET_CHILDREN -> zk.getChildren(folder, IGNORE, this, null);
                case MULTI ->
                    zk.multi(List.of(Op.setData(node, DATA, -1)), (rc, path, ctx, results) -> done(rc, path), null);
                default -> throw new IllegalStateException("no bare form for " + kind);
            }
        }

        @Override
        public void processResult(int rc, String path, Object ctx, String name) {
            done(rc, path);
        }

        @Override
        public void processResult(int rc, String path, Object ctx, org.apache.zookeeper.data.Stat stat) {
            done(rc, path);
        }

        @Override
        public void processResult(int rc, String path, Object ctx, byte[] data, org.apache.zookeeper.data.Stat stat) {
            done(rc, path);
        }

        @Override
        public void processResult(int rc, String path, Object ctx) {
            done(rc, path);
        }

        @Override
        public void processResult(int rc, String path, Object ctx, List<String> children) {
            done(rc, path);
        }
    }
}
