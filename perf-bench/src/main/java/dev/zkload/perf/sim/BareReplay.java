package dev.zkload.perf.sim;

import dev.zkload.bench.client.Connections;
import dev.zkload.sim.Operation;
import dev.zkload.zk.ZkTrees;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;

/**
 * The baseline for "registration costs the server's time, not ours": the requests a fleet issued
 * while adding domains, replayed by {@value #SESSIONS} bare sessions at once (one cannot keep a
 * server busy: it orders its requests), each with {@value #IN_FLIGHT} requests in flight, as fast as
 * the server takes them. Same count of each kind: creates, multis (each creating as many znodes as
 * the fleet's did on average), deletes, setData, and exists/getData/getChildren each leaving a watch,
 * as the simulated caches' reads do. No sessions to register, no dependent chains, no cache
 * bookkeeping: what is left is the server's work.
 */
final class BareReplay {
    static final int SESSIONS = 8;
    private static final int IN_FLIGHT = 250;
    private static final int PER_PARENT = 1000;
    private static final byte[] DATA = "127.0.0.1".getBytes(StandardCharsets.UTF_8);
    private static final Watcher IGNORE = e -> {};

    private final ZooKeeper zk;
    private final String root;
    private final InFlight window = new InFlight(IN_FLIGHT);
    private final List<String> parents = new ArrayList<>();
    private final List<String> nodes = new ArrayList<>();

    private BareReplay(ZooKeeper zk, String root) {
        this.zk = zk;
        this.root = root;
    }

    /**
     * What one replay took: from the first request to the last answer, the requests sent (the
     * parents it creates on the way included) and this process's CPU meanwhile.
     */
    record Replayed(double seconds, long requests, ProcessCpu cpu) {}

    /**
     * Replays {@code requests} (kind → count, as {@code FleetSnapshot.operations()} counts them) under
     * {@code root}, which must not exist, through {@code zk} and {@value #SESSIONS}{@code - 1} more
     * sessions to {@code connectString}; {@code multiZnodes} is how many znodes the multis created in
     * all. Returns what the replay took, and removes what it wrote.
     */
    static Replayed replay(
            ZooKeeper zk, String connectString, String root, Map<Operation, Long> requests, long multiZnodes)
            throws Exception {
        zk.create(root, new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        List<ZooKeeper> clients = new ArrayList<>(List.of(zk));
        ExecutorService threads = Executors.newFixedThreadPool(SESSIONS);
        try {
            List<BareReplay> replays = new ArrayList<>();
            for (int k = 0; k < SESSIONS; k++) {
                if (k > 0) {
                    clients.add(
                            Connections.open(connectString, Duration.ofSeconds(30), Duration.ofSeconds(30), e -> {}));
                }
                String sub = root + "/s" + k;
                zk.create(sub, new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                replays.add(new BareReplay(clients.get(k), sub));
            }
            List<Future<?>> done = new ArrayList<>();
            long shareOfMultiZnodes = multiZnodes / SESSIONS;
            ProcessCpu cpu0 = ProcessCpu.now();
            long t0 = System.nanoTime();
            for (int k = 0; k < SESSIONS; k++) {
                BareReplay replay = replays.get(k);
                Map<Operation, Long> share = share(requests, k);
                done.add(threads.submit(() -> {
                    replay.run(share, shareOfMultiZnodes);
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            ProcessCpu cpu = ProcessCpu.now().since(cpu0);
            long sent = 0;
            for (BareReplay replay : replays) {
                replay.window.throwIfFailed();
                sent += replay.window.sent() + replay.parents.size();
            }
            ZkTrees.deleteRecursive(zk, root);
            return new Replayed(seconds, sent, cpu);
        } finally {
            threads.shutdownNow();
            for (ZooKeeper c : clients.subList(1, clients.size())) {
                c.close();
            }
        }
    }

    /** Session {@code k}'s part of each kind: an equal share, the remainder to the first sessions. */
    private static Map<Operation, Long> share(Map<Operation, Long> requests, int k) {
        Map<Operation, Long> share = new HashMap<>();
        requests.forEach((kind, n) -> share.put(kind, n / SESSIONS + (k < n % SESSIONS ? 1 : 0)));
        return share;
    }

    private void run(Map<Operation, Long> requests, long multiZnodes) throws Exception {
        long multis = requests.getOrDefault(Operation.MULTI, 0L);
        int perMulti = multis == 0 ? 0 : (int) Math.max(1, multiZnodes / multis);
        for (long i = 0; i < multis; i++) {
            List<Op> ops = new ArrayList<>(perMulti);
            for (int k = 0; k < perMulti; k++) {
                ops.add(Op.create(next(), DATA, Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT));
            }
            window.acquire();
            zk.multi(ops, (rc, path, ctx, results) -> window.done(rc, path), null);
        }
        for (long i = requests.getOrDefault(Operation.CREATE, 0L); i > 0; i--) {
            window.acquire();
            zk.create(
                    next(),
                    DATA,
                    Ids.OPEN_ACL_UNSAFE,
                    CreateMode.PERSISTENT,
                    (rc, path, ctx, name) -> window.done(rc, path),
                    null);
        }
        window.drain();
        // the fleet deletes what it created moments before (clock probes): delete the newest nodes
        long deletes = Math.min(requests.getOrDefault(Operation.DELETE, 0L), nodes.size() / 2);
        for (long i = 0; i < deletes; i++) {
            window.acquire();
            zk.delete(nodes.remove(nodes.size() - 1), -1, (rc, path, ctx) -> window.done(rc, path), null);
        }
        window.drain();
        AsyncCallback.StatCallback stat =
                (rc, path, ctx, s) -> window.done(rc == KeeperException.Code.NONODE.intValue() ? 0 : rc, path);
        for (long i = 0, n = requests.getOrDefault(Operation.SET_DATA, 0L); i < n; i++) {
            window.acquire();
            zk.setData(node(i), DATA, -1, stat, null);
        }
        for (long i = 0, n = requests.getOrDefault(Operation.EXISTS, 0L); i < n; i++) {
            window.acquire();
            zk.exists(node(i), IGNORE, stat, null);
        }
        for (long i = 0, n = requests.getOrDefault(Operation.GET_DATA, 0L); i < n; i++) {
            window.acquire();
            zk.getData(node(i), IGNORE, (rc, path, ctx, data, s) -> window.done(rc, path), null);
        }
        for (long i = 0, n = requests.getOrDefault(Operation.GET_CHILDREN, 0L); i < n; i++) {
            window.acquire();
            zk.getChildren(
                    parents.get((int) (i % parents.size())),
                    IGNORE,
                    (rc, path, ctx, children) -> window.done(rc, path),
                    null);
        }
        window.drain();
    }

    /** The path of the next znode to create; every {@value #PER_PARENT} a new parent, created synchronously. */
    private String next() throws Exception {
        if (nodes.size() % PER_PARENT == 0) {
            String parent = root + "/p" + parents.size();
            zk.create(parent, new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            parents.add(parent);
        }
        String path = parents.get(parents.size() - 1) + "/n" + nodes.size();
        nodes.add(path);
        return path;
    }

    private String node(long i) {
        return nodes.get((int) (i % nodes.size()));
    }
}
