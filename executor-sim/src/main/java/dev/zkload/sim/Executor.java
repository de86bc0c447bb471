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
import org.apache.zookeeper.Op;

/**
 * One simulated Saturn executor: its own session, its {@link Registration}, the caches and watches
 * of each job, a fire of every job once a minute (run by {@link JobFire}), the statistics writes
 * every five minutes, and the graceful shutdown. On session expiry it registers again from scratch
 * on a new session ({@link RegistrationRetry} tries again while that fails). When a job's leader host
 * goes, it runs for the job's leader ({@link JobElection}).
 */
final class Executor implements Session.Owner {
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
    private final RegistrationRetry retry;

    Executor(Layout l, String name, Session session, ScheduledExecutorService scheduler, FleetState state) {
        this.l = l;
        this.name = name;
        this.session = session;
        this.scheduler = scheduler;
        this.state = state;
        this.retry = new RegistrationRetry(session, scheduler, () -> {
            stopLocal();
            jobs.clear();
            closed = false;
            return new Registration(this, session.zk()).register();
        });
        session.owner(this);
    }

    /** Connects and registers; completes when the ip, every job's status and every cache are in place. */
    synchronized CompletableFuture<Void> start() {
        return session.open().thenCompose(v -> new Registration(this, session.zk()).register());
    }

    void startJobCaches(String job, JobState js) {
        String host = l.job(job) + "/leader/election/host";
        js.host = nodeCache(l.ns, host, (p, data) -> JobElection.leaderChanged(this, job, js, data));
        String execution = l.job(job) + "/execution";
        TreeCache failover = new TreeCache(session, l.paths, execution, 1, (path, data) -> {
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

    /** Whether this executor's cache of the job's leader host saw it there at its last read. */
    boolean seesLeader(String job) {
        JobState js = jobs.get(job);
        NodeCache host = js == null ? null : js.host;
        return host != null && host.present();
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
        session.watch(
                zk.exists(item + "/running", null)
                        .thenCompose(running -> running != null
                                ? DONE
                                : zk.exists(item + "/completed", null).thenApply(completed -> null)),
                FailureKind.CACHE);
    }

    void schedule(String job, JobState js) {
        synchronized (timers) {
            if (closed || !state.jobRuns()) {
                return;
            }
            long now = System.currentTimeMillis();
            long periodMs = l.firePeriodMs(job);
            CronMoments moments = l.moments(job);
            if (moments != null) {
                fireAt(job, js, moments, moments.nextAfter(now));
            } else if (periodMs > 0) {
                long delay = Math.floorMod(l.fireOffsetMs(job) - now % periodMs, periodMs);
                timers.add(scheduler.scheduleAtFixedRate(
                        new Cron(job, js, System.nanoTime() + delay * 1_000_000L, periodMs * 1_000_000L),
                        delay,
                        periodMs,
                        TimeUnit.MILLISECONDS));
            }
            long statsMs = SaturnModel.STATS_PERIOD.toMillis();
            timers.add(scheduler.scheduleAtFixedRate(
                    () -> writeStats(job),
                    ThreadLocalRandom.current().nextLong(statsMs),
                    statsMs,
                    TimeUnit.MILLISECONDS));
        }
    }

    /**
     * The fire of a job on its cron's own moments at {@code dueMs} (epoch ms), which schedules the one after it:
     * their intervals need not be even. A chain ends with the executor's local stop, and with the job state it
     * was started for (a new session registers the jobs again, with new states and chains of their own).
     */
    private void fireAt(String job, JobState js, CronMoments moments, long dueMs) {
        synchronized (timers) {
            if (closed || dueMs < 0 || jobs.get(job) != js) {
                return;
            }
            timers.removeIf(ScheduledFuture::isDone); // one timer per fire: the spent ones go
            long delay = Math.max(0, dueMs - System.currentTimeMillis());
            timers.add(scheduler.schedule(
                    () -> {
                        state.fireLag(Math.max(0, System.currentTimeMillis() - dueMs) * 1000);
                        fireAt(job, js, moments, moments.nextAfter(dueMs));
                        new JobFire(this, job, js).fire(dueMs);
                    },
                    delay,
                    TimeUnit.MILLISECONDS));
        }
    }

    /** The success and failure counters, and the job's running total. */
    private void writeStats(String job) {
        Zk zk = session.zk();
        if (zk == null || closed || state.runsHeld()) {
            return;
        }
        String server = l.server(job, name);
        String done = Long.toString(jobs.get(job).completed.get());
        session.watch(
                Registration.update(zk, server + "/processSuccessCount", done)
                        .thenCompose(v -> Registration.update(zk, server + "/processFailureCount", "0"))
                        .thenCompose(v -> zk.getData(l.job(job) + "/analyse/processCount", null))
                        .thenCompose(d ->
                                zk.multi(List.of(Op.setData(l.job(job) + "/analyse/processCount", bytes(done), -1)))),
                FailureKind.STATISTICS);
    }

    private void nodeCache(String path) {
        nodeCache(l.ns, path, (p, data) -> {});
    }

    NodeCache nodeCache(String namespace, String path, BiConsumer<String, byte[]> listener) {
        NodeCache c = new NodeCache(session, namespace, l.paths.of(path), listener);
        synchronized (nodeCaches) {
            nodeCaches.add(c);
        }
        c.start();
        return c;
    }

    void treeCache(String path, int depth) {
        TreeCache c = new TreeCache(session, l.paths, path, depth, (p, d) -> {});
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
        jobs.clear(); // before reopening: an old fire chain that runs meanwhile finds its job state gone
        closed = false;
        retry.afterExpiry(start());
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
                steps.add(zk.getData(host, null)
                        .thenCompose(d -> zk.exists(host, null))
                        .thenCompose(s -> zk.delete(host)));
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
            new JobFire(Executor.this, job, js).fire(System.currentTimeMillis() - late / 1_000_000);
        }
    }

    /** What one executor knows about one of its jobs. */
    static final class JobState {
        volatile boolean leader;
        /** The cache of the job's leader host, once the job's caches started. */
        volatile NodeCache host;

        final java.util.concurrent.atomic.AtomicLong completed = new java.util.concurrent.atomic.AtomicLong();
    }
}
