package dev.zkload.sim;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Op;

/**
 * One simulated Saturn executor: its own session, Saturn's registration (a clock probe, the
 * executor's nodes, then every job's init), the caches and watches of each job, a fire of every job
 * once a minute (run by {@link JobFire}), the statistics writes every five minutes, and the graceful
 * shutdown. On session expiry it registers again from scratch on a new session.
 */
final class Executor implements Session.Owner {
    private static final byte[] EMPTY = new byte[0];
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    final Layout l;
    final String name;
    final Session session;
    final ScheduledExecutorService scheduler;
    final FleetState state;
    private final List<NodeCache> nodeCaches = new ArrayList<>();
    private final List<TreeCache> treeCaches = new ArrayList<>();
    private final List<ScheduledFuture<?>> timers = new ArrayList<>();
    /** Per job: the items this executor owns and whether it leads the job. */
    final Map<String, JobState> jobs = new ConcurrentHashMap<>();
    private volatile boolean closed;

    Executor(Layout l, String name, Session session, ScheduledExecutorService scheduler, FleetState state) {
        this.l = l;
        this.name = name;
        this.session = session;
        this.scheduler = scheduler;
        this.state = state;
        session.owner(this);
    }

    /** Connects and registers; completes when the ip, every job's status and every cache are in place. */
    synchronized CompletableFuture<Void> start() {
        return session.open().thenCompose(v -> register());
    }

    private CompletableFuture<Void> register() {
        Zk zk = session.zk();
        String me = l.executor(name);
        String probe = me + "/systemTime";
        return zk.getChildren(l.jobs(), null)
                // clock check: an ephemeral-sequential probe, its ctime read back, then removed
                .thenCompose(c -> zk.create(me, EMPTY, CreateMode.PERSISTENT))
                .thenCompose(v -> zk.create(probe, EMPTY, CreateMode.PERSISTENT))
                .thenCompose(v -> zk.createSequential(probe + "/current", CreateMode.EPHEMERAL_SEQUENTIAL))
                .thenCompose(current -> zk.exists(current, null).thenCompose(s -> zk.delete(current)))
                .thenCompose(v -> zk.exists(probe, null)).thenCompose(s -> zk.delete(probe))
                .thenCompose(v -> zk.exists(me, null))
                .thenCompose(s -> update(zk, me + "/lastBeginTime", Long.toString(System.currentTimeMillis())))
                .thenCompose(v -> update(zk, me + "/version", "sim"))
                .thenCompose(v -> update(zk, me + "/clean", "true"))
                .thenCompose(v -> {
                    if (l.version.watchesSaturnSelf()) {
                        // outside the namespace (usingNamespace(null) in Saturn): parents checked from the fleet root
                        nodeCache(l.root(), l.saturnSelfConfig(), (p, d) -> { });
                    }
                    return ephemeral(zk, me + "/ip", "127.0.0.1");
                })
                .thenCompose(v -> {
                    treeCache(l.jobs(), 1);
                    List<CompletableFuture<Void>> all = new ArrayList<>();
                    for (String job : l.jobs) {
                        all.add(initJob(zk, job));
                    }
                    return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new));
                });
    }

    /** One job's init: its config read, analyse nodes, caches, leader election, server nodes and status. */
    private CompletableFuture<Void> initJob(Zk zk, String job) {
        JobState js = jobs.computeIfAbsent(job, j -> new JobState());
        String server = l.server(job, name);
        List<CompletableFuture<?>> reads = new ArrayList<>();
        reads.add(zk.exists(l.config(job, "jobClass"), null));
        // Saturn reads 24 fields at job init
        for (String field : l.configFields.subList(0, Math.min(24, l.configFields.size()))) {
            reads.add(zk.getData(l.config(job, field), null));
        }
        reads.add(zk.exists(l.config(job, "toDelete"), null));
        CompletableFuture<Void> chain = CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new))
                .thenCompose(v -> zk.create(l.job(job) + "/analyse", EMPTY, CreateMode.PERSISTENT))
                .thenCompose(v -> persistIfAbsent(zk, l.job(job) + "/analyse/processCount", "0"))
                .thenCompose(v -> persistIfAbsent(zk, l.job(job) + "/analyse/errorCount", "0"))
                .thenCompose(v -> zk.getChildren(l.jobs(), null))
                .thenCompose(c -> {
                    startJobCaches(job);
                    return elect(zk, job, js);
                })
                .thenCompose(v -> zk.exists(server + "/runOneTime", null))
                .thenCompose(s -> zk.exists(server + "/stopOneTime", null))
                .thenCompose(s -> zk.create(server, EMPTY, CreateMode.PERSISTENT))
                .thenCompose(v -> update(zk, server + "/processFailureCount", "0"))
                .thenCompose(v -> update(zk, server + "/processSuccessCount", "0"))
                .thenCompose(v -> zk.exists(l.job(job) + "/leader/election/host", null))
                .thenApply(s -> null);
        for (String field : l.version.serverValues()) {
            chain = chain.thenCompose(v -> persistIfAbsent(zk, server + "/" + field, serverValue(field)));
        }
        return chain.thenCompose(v -> persistIfAbsent(zk, server + "/sharding", ""))
                .thenCompose(v -> ephemeral(zk, server + "/status", l.version.idleStatus()))
                .thenRun(() -> schedule(job, js));
    }

    /** What this executor writes under {@code servers/<executor>/}: its ip, build version, and the Java job's version. */
    private static String serverValue(String field) {
        return switch (field) {
            case "ip" -> "127.0.0.1";
            case "version" -> "sim";
            default -> "1";
        };
    }

    private void startJobCaches(String job) {
        nodeCache(l.job(job) + "/leader/election/host");
        String execution = l.job(job) + "/execution";
        TreeCache failover = new TreeCache(session, execution, 1, (path, data) -> {
            if (!path.equals(execution)) {
                nodeCache(l.ns, path + "/running", (running, d) -> runningChanged(path));
                nodeCache(path + "/failover");
            }
        });
        synchronized (treeCaches) {
            treeCaches.add(failover);
        }
        failover.start();
        String server = l.server(job, name);
        treeCache(server + "/runOneTime", 0);
        treeCache(server + "/stopOneTime", 0);
        treeCache(l.config(job, "toDelete"), 0);
        for (String field : l.version.executorConfigWatches()) {
            treeCache(l.config(job, field), 0);
        }
        treeCache(l.job(job) + "/analyse/reset", 0);
        treeCache(l.job(job) + "/control/report", 0);
    }

    /**
     * Saturn's RunningPathListener, told of every change of an item's running node on every
     * executor: is the item running ({@code exists})? If not, fail it over unless its run completed
     * ({@code exists completed}; it did, so there is no failover). Three reads per item run per
     * executor, 27 of the 210 reads of a fire.
     */
    private void runningChanged(String item) {
        Zk zk = session.zk();
        if (zk == null || closed) {
            return;
        }
        session.watch(zk.exists(item + "/running", null).thenCompose(running -> running != null ? DONE
                : zk.exists(item + "/completed", null).thenApply(completed -> null)), FailureKind.CACHE);
    }

    /** Curator LeaderLatch on leader/election/latch: the lowest candidate creates the ephemeral host. */
    private CompletableFuture<Void> elect(Zk zk, String job, JobState js) {
        String latch = l.job(job) + "/leader/election/latch";
        String host = l.job(job) + "/leader/election/host";
        return zk.createSequential(latch + "/_c_" + name + "-latch-", CreateMode.EPHEMERAL_SEQUENTIAL)
                .thenCompose(mine -> zk.getChildren(latch, null).thenCompose(children -> {
                    boolean lowest = children.stream().sorted(Sharding::bySequence).findFirst()
                            .map(mine::endsWith).orElse(false);
                    CompletableFuture<Void> done = DONE;
                    if (lowest) {
                        done = zk.exists(host, null).thenCompose(s -> s != null ? DONE
                                : zk.create(host, bytes(name), CreateMode.EPHEMERAL)
                                        .thenCompose(v -> zk.getData(host, null))
                                        .thenAccept(d -> js.leader = d != null && name.equals(new String(d, StandardCharsets.UTF_8))));
                    }
                    return done.thenCompose(v -> zk.delete(mine));
                }));
    }

    private void schedule(String job, JobState js) {
        synchronized (timers) {
            if (closed || !state.jobRuns()) {
                return;
            }
            long now = System.currentTimeMillis();
            long periodMs = SaturnModel.CRON_PERIOD.toMillis();
            long delay = Math.floorMod(l.fireSecond(job) * 1000L - now % periodMs, periodMs);
            timers.add(scheduler.scheduleAtFixedRate(new Cron(job, js, System.nanoTime() + delay * 1_000_000L,
                    periodMs * 1_000_000L), delay, periodMs, TimeUnit.MILLISECONDS));
            long statsMs = SaturnModel.STATS_PERIOD.toMillis();
            timers.add(scheduler.scheduleAtFixedRate(() -> writeStats(job), ThreadLocalRandom.current().nextLong(statsMs),
                    statsMs, TimeUnit.MILLISECONDS));
        }
    }

    /** The success and failure counters, and the job's running total. */
    private void writeStats(String job) {
        Zk zk = session.zk();
        if (zk == null || closed) {
            return;
        }
        String server = l.server(job, name);
        String done = Long.toString(jobs.get(job).completed);
        session.watch(update(zk, server + "/processSuccessCount", done)
                .thenCompose(v -> update(zk, server + "/processFailureCount", "0"))
                .thenCompose(v -> zk.getData(l.job(job) + "/analyse/processCount", null))
                .thenCompose(d -> zk.multi(List.of(Op.setData(l.job(job) + "/analyse/processCount", bytes(done), -1)))),
                FailureKind.STATISTICS);
    }

    /** exists, then create or multi(check, setData): how Saturn writes a persistent value. */
    static CompletableFuture<Void> update(Zk zk, String path, String value) {
        return zk.exists(path, null).thenCompose(s -> s == null ? zk.create(path, bytes(value), CreateMode.PERSISTENT)
                : zk.multi(List.of(Op.check(path, s.getVersion()), Op.setData(path, bytes(value), s.getVersion())))
                        .thenApply(r -> null));
    }

    /** exists, then getData (writing nothing, the value is ours already) or create. */
    private static CompletableFuture<Void> persistIfAbsent(Zk zk, String path, String value) {
        return zk.exists(path, null).thenCompose(s -> s != null ? zk.getData(path, null).thenApply(d -> null)
                : zk.create(path, bytes(value), CreateMode.PERSISTENT));
    }

    /** exists, [delete an old session's node], create ephemeral. */
    private static CompletableFuture<Void> ephemeral(Zk zk, String path, String value) {
        return zk.exists(path, null).thenCompose(s -> s != null ? zk.delete(path) : DONE)
                .thenCompose(v -> zk.create(path, bytes(value), CreateMode.EPHEMERAL));
    }

    private void nodeCache(String path) {
        nodeCache(l.ns, path, (p, data) -> { });
    }

    private void nodeCache(String namespace, String path, BiConsumer<String, byte[]> listener) {
        NodeCache c = new NodeCache(session, namespace, path, listener);
        synchronized (nodeCaches) {
            nodeCaches.add(c);
        }
        c.start();
    }

    private void treeCache(String path, int depth) {
        TreeCache c = new TreeCache(session, path, depth, (p, d) -> { });
        synchronized (treeCaches) {
            treeCaches.add(c);
        }
        c.start();
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    boolean closed() {
        return closed;
    }

    @Override
    public void reconnected() {
        synchronized (nodeCaches) {
            nodeCaches.forEach(NodeCache::reconnected);
        }
        synchronized (treeCaches) {
            treeCaches.forEach(TreeCache::reconnected);
        }
    }

    @Override
    public void expired() {
        stopLocal();
        if (session.isClosed()) {
            return;
        }
        closed = false;
        jobs.clear();
        session.watch(start(), FailureKind.REGISTRATION);
    }

    private void stopLocal() {
        closed = true;
        synchronized (timers) {
            timers.forEach(t -> t.cancel(false));
            timers.clear();
        }
        synchronized (nodeCaches) {
            nodeCaches.forEach(NodeCache::close);
            nodeCaches.clear();
        }
        synchronized (treeCaches) {
            treeCaches.forEach(TreeCache::close);
            treeCaches.clear();
        }
    }

    /** Saturn's graceful shutdown: stop firing, remove the ip explicitly, give up job leadership, close the session. */
    CompletableFuture<Void> shutdown() {
        stopLocal();
        Zk zk = session.zk();
        if (zk == null) {
            session.close();
            return DONE;
        }
        List<CompletableFuture<Void>> steps = new ArrayList<>();
        steps.add(zk.delete(l.executor(name) + "/ip"));
        jobs.forEach((job, js) -> {
            if (js.leader) {
                String host = l.job(job) + "/leader/election/host";
                steps.add(zk.getData(host, null).thenCompose(d -> zk.exists(host, null)).thenCompose(s -> zk.delete(host)));
            }
        });
        return CompletableFuture.allOf(steps.toArray(CompletableFuture[]::new)).handle((v, e) -> {
            if (e != null) {
                session.failed(FailureKind.SHUTDOWN, e);
            }
            session.close();
            return null;
        });
    }

    /**
     * One job's minute timer. It knows each fire's cron instant, so how late the shared scheduler ran
     * it (a starved runner, a GC pause) is measured, not guessed.
     */
    private final class Cron implements Runnable {
        private final String job;
        private final JobState js;
        private final long periodNanos;
        private long dueNanos;

        Cron(String job, JobState js, long firstNanos, long periodNanos) {
            this.job = job;
            this.js = js;
            this.dueNanos = firstNanos;
            this.periodNanos = periodNanos;
        }

        @Override
        public void run() {
            long late = System.nanoTime() - dueNanos;
            dueNanos += periodNanos;
            state.fireLag(late / 1000);
            new JobFire(Executor.this, job, js).fire();
        }
    }

    /** What one executor knows about one of its jobs. */
    static final class JobState {
        volatile boolean leader;
        volatile long completed;
    }
}
