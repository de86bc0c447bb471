package dev.zkload.sim;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Op;

/**
 * One console sharding session of a domain (Saturn's NamespaceShardingManager): its TreeCaches on
 * the executors, the sharding and leader nodes, the jobs and each job's servers and config; the
 * console leader election, again whenever the leader's host goes (Saturn's LeadershipElectionListener);
 * and, on the leader, the resharding when executors come or go ({@code ip} and {@code status} nodes
 * added or removed). A registration after an expiry that fails is tried again ({@link RegistrationRetry}).
 */
final class Console implements Session.Owner {
    /** Retries of a failed reshard before waiting for the next change; a session that expires resets it. */
    private static final int MAX_RESHARD_RETRIES = 5;
    /** Several executors register in a burst: one reshard for the burst, as Saturn's task queue does. */
    private static final long RESHARD_DEBOUNCE_MS = 500;

    final Session session;
    private final Layout l;
    private final ScheduledExecutorService scheduler;
    private final FleetState state;
    private final List<TreeCache> caches = new CopyOnWriteArrayList<>();
    private final AtomicBoolean reshardPending = new AtomicBoolean();
    /** Why the pending reshard was asked for: its first cause. */
    private volatile ReshardCause pendingCause = ReshardCause.EXECUTORS_CHANGED;

    private final AtomicInteger reshardFailures = new AtomicInteger();
    private final Map<String, String> lastAssignment = new ConcurrentHashMap<>();
    private volatile boolean leader;
    /** Whether this session's cache of the domain's leader node last saw the console leader's host there. */
    private volatile boolean seesLeader;

    private final RegistrationRetry retry;

    Console(Layout l, Session session, ScheduledExecutorService scheduler, FleetState state) {
        this.l = l;
        this.session = session;
        this.scheduler = scheduler;
        this.state = state;
        this.retry = new RegistrationRetry(session, scheduler, () -> {
            forget();
            return register();
        });
        session.owner(this);
    }

    CompletableFuture<Void> start() {
        return session.open().thenCompose(v -> register());
    }

    /** The caches, then the election; on a connected session. */
    private CompletableFuture<Void> register() {
        TreeCache.Listener reshardOnChange = new TreeCache.Listener() {
            @Override
            public void added(String path, byte[] data) {
                if (path.endsWith("/ip") || path.endsWith("/status")) {
                    reshardSoon(ReshardCause.EXECUTORS_CHANGED);
                }
            }

            @Override
            public void removed(String path) {
                added(path, null);
            }
        };
        cache(l.executors(), 2, reshardOnChange);
        String host = l.saturnExecutors() + "/leader/host";
        TreeCache.Listener electOnLeaderGone = new TreeCache.Listener() {
            @Override
            public void added(String path, byte[] data) {
                if (path.equals(host)) {
                    seesLeader = true;
                }
            }

            @Override
            public void removed(String path) {
                if (path.equals(host)) {
                    seesLeader = false;
                    session.watch(elect(), FailureKind.ELECTION);
                }
            }
        };
        cache(l.saturnExecutors() + "/sharding", 1, null);
        cache(l.saturnExecutors() + "/leader", 1, electOnLeaderGone);
        cache(l.jobs(), 1, null);
        for (String job : l.jobs) {
            cache(l.job(job) + "/servers", 2, reshardOnChange);
            for (SaturnVersion.CachedPath c : l.version.consoleConfigCaches()) {
                cache(l.job(job) + "/" + c.path(), c.depth(), null);
            }
        }
        return elect();
    }

    private void cache(String path, int depth, TreeCache.Listener listener) {
        TreeCache c = new TreeCache(session, l.paths, path, depth, listener != null ? listener : (p, d) -> {});
        caches.add(c);
        c.start();
    }

    /**
     * Saturn's NamespaceShardingService.leaderElection: nothing when a leader's host is there ({@code exists});
     * else a LeaderLatch round whose winner writes the host and, leading now, reshards once for whatever joined
     * before it led (under load executors can register before the latch is won).
     */
    private CompletableFuture<Void> elect() {
        Zk zk = session.zk();
        if (zk == null || session.isClosed()) {
            return CompletableFuture.completedFuture(null);
        }
        String host = l.saturnExecutors() + "/leader/host";
        return zk.exists(host, null)
                .thenCompose(led -> led != null
                        ? CompletableFuture.completedFuture(false)
                        : LeaderLatch.round(
                                zk,
                                l.ns,
                                l.saturnExecutors() + "/leader/latch",
                                session.name(),
                                l.latchParents(),
                                () -> zk.exists(host, null)
                                        .thenCompose(s -> s != null
                                                ? CompletableFuture.completedFuture(false)
                                                : zk.create(
                                                                host,
                                                                session.name().getBytes(StandardCharsets.UTF_8),
                                                                CreateMode.EPHEMERAL)
                                                        .thenApply(v -> true))))
                .thenAccept(took -> {
                    if (took) {
                        leader = true;
                        reshardSoon(ReshardCause.LEADER_ELECTED);
                    }
                });
    }

    /** Whether this console's cache saw the domain's console leader host at its last read. */
    boolean seesLeader() {
        return seesLeader;
    }

    private void reshardSoon(ReshardCause cause) {
        if (leader && reshardPending.compareAndSet(false, true)) {
            pendingCause = cause;
            var unused = scheduler.schedule(this::reshard, RESHARD_DEBOUNCE_MS, TimeUnit.MILLISECONDS);
        }
    }

    /** One reshard task: read executors and jobs, rebalance items, write what changed in one multi. */
    private void reshard() {
        ReshardCause cause = pendingCause;
        reshardPending.set(false);
        Zk zk = session.zk();
        if (zk == null) {
            return;
        }
        var unused = zk.getChildren(l.executors(), null)
                .thenCompose(executors -> online(zk, executors))
                .thenCompose(online -> {
                    List<Op> ops = new ArrayList<>();
                    ops.add(Op.check(l.ns, -1));
                    for (String job : l.jobs) {
                        session.watch(zk.getData(l.config(job, "enabled"), null), FailureKind.RESHARD);
                        if (!l.group(job).enabled()) {
                            continue;
                        }
                        String assignment = Sharding.assign(online, l.items(job));
                        if (!assignment.equals(lastAssignment.get(job))) {
                            lastAssignment.put(job, assignment);
                            ops.add(Op.setData(
                                    l.job(job) + "/leader/sharding/necessary",
                                    assignment.getBytes(StandardCharsets.UTF_8),
                                    -1));
                        }
                    }
                    if (ops.size() == 1) {
                        return CompletableFuture.completedFuture(null);
                    }
                    String content = l.saturnExecutors() + "/sharding/content/0";
                    String count = l.saturnExecutors() + "/sharding/count";
                    return zk.multi(ops)
                            .thenCompose(r -> {
                                state.resharded(cause, ops.size() - 1);
                                return zk.setData(
                                        content, String.join(",", online).getBytes(StandardCharsets.UTF_8));
                            })
                            .thenCompose(v -> {
                                state.reshardWrote();
                                return zk.exists(count, null);
                            })
                            .thenCompose(s -> zk.getData(count, null))
                            .thenCompose(d -> zk.setData(
                                    count, Long.toString(parse(d) + 1).getBytes(StandardCharsets.UTF_8)))
                            .thenRun(state::reshardWrote);
                })
                .whenComplete((v, e) -> {
                    if (e == null) {
                        reshardFailures.set(0);
                        return;
                    }
                    session.failed(FailureKind.RESHARD, e);
                    if (reshardFailures.incrementAndGet() <= MAX_RESHARD_RETRIES) {
                        // a connection lost mid-reshard (a server restarted, a partition healing) must not leave the
                        // domain unsharded until the next executor comes or goes: forget what was written and try again
                        lastAssignment.clear();
                        reshardSoon(cause);
                    }
                });
    }

    /** Executors whose {@code ip} is there, sorted. */
    private CompletableFuture<List<String>> online(Zk zk, List<String> executors) {
        List<CompletableFuture<String>> checks = new ArrayList<>();
        for (String e : executors) {
            checks.add(zk.exists(l.executor(e) + "/ip", null).thenApply(s -> s != null ? e : null));
        }
        return CompletableFuture.allOf(checks.toArray(CompletableFuture[]::new)).thenApply(v -> {
            List<String> online = new ArrayList<>();
            for (CompletableFuture<String> c : checks) {
                String e = c.join();
                if (e != null) {
                    online.add(e);
                }
            }
            online.sort(null);
            return online;
        });
    }

    private static long parse(byte[] data) {
        try {
            return data == null ? 0 : Long.parseLong(new String(data, StandardCharsets.UTF_8).trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    @Override
    public void reconnected() {
        caches.forEach(TreeCache::reconnected);
    }

    @Override
    public void expired() {
        forget();
        if (!session.isClosed()) {
            retry.afterExpiry(start());
        }
    }

    /** What the session's end takes with it: the caches, the lead, what was resharded. */
    private void forget() {
        caches.forEach(TreeCache::close);
        caches.clear();
        leader = false;
        seesLeader = false;
        lastAssignment.clear();
        reshardFailures.set(0);
    }

    void close() {
        caches.forEach(TreeCache::close);
        session.close();
    }
}
