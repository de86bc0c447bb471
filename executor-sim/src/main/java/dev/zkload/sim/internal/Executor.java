package dev.zkload.sim.internal;

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
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Op;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One simulated Saturn executor: its own session, the registration of saturn-model.md section 4.4,
 * the caches and watches of section 3, a fire of every job once a minute (section 4.1, run by
 * {@link JobFire}), the statistics writes every 300 s (4.3), and the graceful shutdown of 4.5.
 * On session expiry it registers again from scratch on a new session.
 */
final class Executor implements Session.Owner {
    private static final Logger LOG = LoggerFactory.getLogger(Executor.class);
    private static final byte[] EMPTY = new byte[0];

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
                .thenCompose(s -> persist(zk, me + "/lastBeginTime", Long.toString(System.currentTimeMillis())))
                .thenCompose(v -> persist(zk, me + "/version", "sim"))
                .thenCompose(v -> persist(zk, me + "/clean", "true"))
                .thenCompose(v -> {
                    if (l.model.isSaturn3()) {
                        // outside the namespace (usingNamespace(null) in Saturn): parents checked from the fleet root
                        nodeCache(l.root(), l.root() + "/$SaturnSelf/saturn-executor/config");
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

    /** Section 4.4 step 6 for one job. */
    private CompletableFuture<Void> initJob(Zk zk, String job) {
        JobState js = jobs.computeIfAbsent(job, j -> new JobState());
        String server = l.server(job, name);
        List<CompletableFuture<?>> reads = new ArrayList<>();
        reads.add(zk.exists(l.config(job, "jobClass"), null));
        for (String field : l.configFields.subList(0, Math.min(24, l.configFields.size()))) {
            reads.add(zk.getData(l.config(job, field), null));
        }
        reads.add(zk.exists(l.config(job, "toDelete"), null));
        return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new))
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
                .thenCompose(v -> persist(zk, server + "/processFailureCount", "0"))
                .thenCompose(v -> persist(zk, server + "/processSuccessCount", "0"))
                .thenCompose(v -> zk.exists(l.job(job) + "/leader/election/host", null))
                .thenCompose(s -> persistIfAbsent(zk, server + "/ip", "127.0.0.1"))
                .thenCompose(v -> persistIfAbsent(zk, server + "/version", "sim"))
                .thenCompose(v -> l.model.isSaturn3() ? persistIfAbsent(zk, server + "/jobVersion", "1")
                        : CompletableFuture.completedFuture(null))
                .thenCompose(v -> persistIfAbsent(zk, server + "/sharding", ""))
                .thenCompose(v -> ephemeral(zk, server + "/status", l.model.isSaturn3() ? "" : "READY"))
                .thenRun(() -> schedule(job, js));
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
        treeCaches.add(failover);
        failover.start();
        String server = l.server(job, name);
        treeCache(server + "/runOneTime", 0);
        treeCache(server + "/stopOneTime", 0);
        treeCache(l.config(job, "toDelete"), 0);
        treeCache(l.config(job, "cron"), 0);
        if (l.model.isSaturn3()) {
            treeCache(l.config(job, "downStream"), 0);
        }
        treeCache(l.config(job, "enabled"), 0);
        treeCache(l.job(job) + "/analyse/reset", 0);
        treeCache(l.job(job) + "/control/report", 0);
    }

    /** Curator LeaderLatch on leader/election/latch: the lowest candidate creates the ephemeral host. */
    private CompletableFuture<Void> elect(Zk zk, String job, JobState js) {
        String latch = l.job(job) + "/leader/election/latch";
        String host = l.job(job) + "/leader/election/host";
        return zk.createSequential(latch + "/_c_" + name + "-latch-", CreateMode.EPHEMERAL_SEQUENTIAL)
                .thenCompose(mine -> zk.getChildren(latch, null).thenCompose(children -> {
                    boolean lowest = children.stream().sorted(JobFire::bySequence).findFirst()
                            .map(mine::endsWith).orElse(false);
                    CompletableFuture<Void> done = CompletableFuture.completedFuture(null);
                    if (lowest) {
                        done = zk.exists(host, null).thenCompose(s -> s != null ? CompletableFuture.completedFuture(null)
                                : zk.create(host, name.getBytes(StandardCharsets.UTF_8), CreateMode.EPHEMERAL)
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
            long periodMs = 60_000;
            long delay = Math.floorMod(l.fireSecond(job) * 1000L - now % periodMs, periodMs);
            timers.add(scheduler.scheduleAtFixedRate(new Cron(job, js, System.nanoTime() + delay * 1_000_000L,
                    periodMs * 1_000_000L), delay, periodMs, TimeUnit.MILLISECONDS));
            long statsMs = 300_000;
            timers.add(scheduler.scheduleAtFixedRate(() -> writeStats(job), ThreadLocalRandom.current().nextLong(statsMs),
                    statsMs, TimeUnit.MILLISECONDS));
        }
    }

    /** Section 4.3: the success and failure counters, and the job's running total. */
    private void writeStats(String job) {
        Zk zk = session.zk();
        if (zk == null || closed) {
            return;
        }
        String server = l.server(job, name);
        JobState js = jobs.get(job);
        String done = Long.toString(js.completed);
        update(zk, server + "/processSuccessCount", done)
                .thenCompose(v -> update(zk, server + "/processFailureCount", "0"))
                .thenCompose(v -> zk.getData(l.job(job) + "/analyse/processCount", null))
                .thenCompose(d -> zk.multi(List.of(Op.setData(l.job(job) + "/analyse/processCount", bytes(done), -1))))
                .exceptionally(e -> null);
    }

    /** exists, then multi(check, setData): how Saturn rewrites a persistent value. */
    CompletableFuture<Void> update(Zk zk, String path, String value) {
        return zk.exists(path, null).thenCompose(s -> s == null ? zk.create(path, bytes(value), CreateMode.PERSISTENT)
                : zk.multi(List.of(Op.check(path, s.getVersion()), Op.setData(path, bytes(value), s.getVersion())))
                        .thenApply(r -> null));
    }

    private CompletableFuture<Void> persist(Zk zk, String path, String value) {
        return update(zk, path, value);
    }

    private CompletableFuture<Void> persistIfAbsent(Zk zk, String path, String value) {
        return zk.exists(path, null).thenCompose(s -> s != null ? zk.getData(path, null).thenApply(d -> null)
                : zk.create(path, bytes(value), CreateMode.PERSISTENT));
    }

    private CompletableFuture<Void> ephemeral(Zk zk, String path, String value) {
        return zk.exists(path, null).thenCompose(s -> s != null ? zk.delete(path) : CompletableFuture.completedFuture(null))
                .thenCompose(v -> zk.create(path, bytes(value), CreateMode.EPHEMERAL));
    }

    private void nodeCache(String path) {
        nodeCache(l.ns, path);
    }

    /**
     * Saturn's RunningPathListener, told of every change of an item's running node on every
     * executor: is it running ({@code exists})? If not, failover unless the run completed
     * ({@code exists completed}, which it did: no failover). Three reads per item run per executor,
     * 27 of the 210 reads of a fire: without them the server saw 10 % fewer requests than the model.
     */
    private void runningChanged(String item) {
        Zk zk = session.zk();
        if (zk == null || closed) {
            return;
        }
        zk.exists(item + "/running", null).thenAccept(running -> {
            if (running == null) {
                zk.exists(item + "/completed", null);
            }
        });
    }

    private void nodeCache(String namespace, String path) {
        nodeCache(namespace, path, (p, data) -> { });
    }

    private void nodeCache(String namespace, String path, java.util.function.BiConsumer<String, byte[]> listener) {
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
        closed = false;
        jobs.clear();
        start().whenComplete((v, e) -> {
            if (e != null) {
                LOG.warn("{} could not register again after its session expired: {}", name, e.toString());
            }
        });
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

    /** Section 4.5: stop firing, remove the ip explicitly, give up job leadership, close the session. */
    CompletableFuture<Void> shutdown() {
        stopLocal();
        Zk zk = session.zk();
        if (zk == null) {
            session.close();
            return CompletableFuture.completedFuture(null);
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
