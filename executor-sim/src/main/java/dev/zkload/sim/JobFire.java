package dev.zkload.sim;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Op;

/**
 * One fire of one job on one executor, as Saturn's job does it: phase A (reads, on every executor:
 * failover checks, the reshard flag, its own items), and on the owners of items phase B per item
 * (delete completed, create the ephemeral running, run for the model's run time, create completed,
 * delete running) and phase C (the failover check). A pending reshard ({@code necessary} not "0")
 * is applied first by the job leader. A job that does not report its runs ({@code enabledReport}
 * false, and so no failover) only reads: the reshard flag, its own items and the custom context; its
 * items run with nothing written.
 */
final class JobFire {
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private final Executor x;
    private final Layout l;
    private final String job;
    private final Executor.JobState js;
    private final Zk zk;
    private FireLedger.Fire counted;

    JobFire(Executor x, String job, Executor.JobState js) {
        this.x = x;
        this.l = x.l;
        this.job = job;
        this.js = js;
        this.zk = x.session.zk();
    }

    /**
     * Fires the job, due at {@code dueMs} (epoch ms): counted in the fleet's {@link FireLedger} unless the
     * executor is gone or a removal holds the runs, and delivered when its chain completes in time.
     */
    void fire(long dueMs) {
        if (x.closed() || x.state.runsHeld()) {
            return;
        }
        counted = x.state.fires().due(dueMs, l.runTimeMs(job));
        if (zk == null || !x.session.isConnected()) {
            return; // due and not delivered: the work this session should have done is not done
        }
        String execution = l.job(job) + "/execution";
        String necessary = l.job(job) + "/leader/sharding/necessary";
        String mySharding = l.server(job, x.name) + "/sharding";
        int items = l.items(job);
        if (!l.group(job).reports()) {
            fireUnreported(necessary, mySharding);
            return;
        }
        x.session.watch(failoverChecks(execution, items), FailureKind.JOB_FIRE);
        var unused = zk.exists(necessary, null)
                .thenCompose(s -> zk.getData(necessary, null))
                .thenCompose(this::reshardIfNeeded)
                .thenCompose(v -> zk.getData(mySharding, null))
                .thenCompose(d -> {
                    x.session.watch(failoverChecks(execution, items), FailureKind.JOB_FIRE);
                    return zk.getData(mySharding, null);
                })
                .thenCompose(d -> {
                    List<Integer> owned = Sharding.parseItems(d);
                    List<CompletableFuture<?>> checks = new ArrayList<>();
                    for (int k : owned) {
                        checks.add(zk.exists(l.item(job, k) + "/failover", null));
                    }
                    for (int k : owned) {
                        checks.add(zk.exists(l.item(job, k) + "/running", null));
                    }
                    checks.add(zk.getData(l.config(job, "customContext"), null));
                    return CompletableFuture.allOf(checks.toArray(CompletableFuture[]::new))
                            .thenApply(v -> owned);
                })
                .thenCompose(this::run)
                .whenComplete(this::failedIfAny);
    }

    /** A fire without report: shardingIfNecessary, the executor's items, the context, then the runs, all unwritten. */
    private void fireUnreported(String necessary, String mySharding) {
        var unused = zk.exists(necessary, null)
                .thenCompose(s -> zk.getData(necessary, null))
                .thenCompose(this::reshardIfNeeded)
                .thenCompose(v -> zk.getData(mySharding, null))
                .thenCompose(
                        d -> zk.getData(l.config(job, "customContext"), null).thenApply(c -> Sharding.parseItems(d)))
                .thenCompose(owned -> {
                    List<CompletableFuture<Void>> runs = new ArrayList<>();
                    for (int k = 0; k < owned.size(); k++) {
                        x.state.runStarted();
                        runs.add(later(l.runTimeMs(job)).thenRun(() -> {
                            x.state.runCompleted();
                            js.completed.incrementAndGet();
                        }));
                    }
                    return CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new));
                })
                .whenComplete(this::failedIfAny);
    }

    /** A fire that completed is delivered (if in time); one that failed while its session is open counts as a failed run. */
    private void failedIfAny(Object unused, Throwable e) {
        if (e == null) {
            counted.done();
        } else if (!x.session.isClosed()) {
            x.state.runFailed();
            x.session.failed(FailureKind.JOB_FIRE, e);
        }
    }

    /** getLocalHostFailoverItems: the execution children, and whether each item has a failover node. */
    private CompletableFuture<Void> failoverChecks(String execution, int items) {
        List<CompletableFuture<?>> all = new ArrayList<>();
        all.add(zk.getChildren(execution, null));
        for (int i = 0; i < items; i++) {
            all.add(zk.exists(l.item(job, i) + "/failover", null));
        }
        return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new));
    }

    /** Phase B for every owned item (in parallel, as Saturn's item threads), then phase C. */
    private CompletableFuture<Void> run(List<Integer> owned) {
        if (owned.isEmpty()) {
            return DONE;
        }
        boolean status = l.version.statusPerFire();
        String statusPath = l.server(job, x.name) + "/status";
        CompletableFuture<Void> start = status ? statusMulti(statusPath, "RUNNING") : DONE;
        return start.thenCompose(v -> {
                    List<CompletableFuture<Void>> runs = new ArrayList<>();
                    for (int k : owned) {
                        runs.add(runItem(k));
                    }
                    return CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new));
                })
                .thenCompose(v -> status ? statusMulti(statusPath, "READY") : DONE)
                .thenCompose(v -> zk.exists(l.job(job) + "/leader/failover/items", null))
                .thenApply(s -> null);
    }

    private CompletableFuture<Void> statusMulti(String status, String value) {
        return zk.multi(List.of(Op.setData(status, Executor.bytes(value), -1))).thenApply(r -> null);
    }

    private CompletableFuture<Void> runItem(int k) {
        String item = l.item(job, k);
        byte[] data = l.version.runNodesNameTheExecutor() ? Executor.bytes(x.name) : new byte[0];
        return deleteChecked(item + "/completed")
                .thenCompose(v -> zk.exists(item + "/running", null))
                .thenCompose(s -> zk.create(item + "/running", data, CreateMode.EPHEMERAL))
                .thenCompose(v -> {
                    x.state.runStarted();
                    return CompletableFuture.allOf(
                            zk.exists(item + "/failed", null), zk.exists(item + "/timeout", null));
                })
                .thenCompose(s -> later(l.runTimeMs(job)))
                .thenCompose(v -> zk.exists(item + "/running", null))
                .thenCompose(s -> zk.exists(item + "/completed", null))
                .thenCompose(s -> zk.create(item + "/completed", data, CreateMode.PERSISTENT))
                .thenCompose(v -> deleteChecked(item + "/running"))
                .thenCompose(v -> zk.exists(item + "/failover", null))
                .thenAccept(s -> {
                    x.state.runCompleted();
                    js.completed.incrementAndGet();
                });
    }

    /** Deletes, after an exists where the version checks first. */
    private CompletableFuture<Void> deleteChecked(String path) {
        return l.version.existsBeforeItemDeletes()
                ? zk.exists(path, null).thenCompose(s -> zk.delete(path))
                : zk.delete(path);
    }

    private CompletableFuture<Void> later(long millis) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        var unused = x.scheduler.schedule(() -> f.complete(null), millis, TimeUnit.MILLISECONDS);
        return f;
    }

    /**
     * The executor side of a reshard: the job leader writes each executor's sharding node and resets
     * {@code necessary} to "0" in one multi, guarded by the ephemeral {@code processing} node. A
     * failed multi is counted and the fire goes on with the sharding it has; the next fire retries.
     */
    private CompletableFuture<Void> reshardIfNeeded(byte[] necessary) {
        String text = necessary == null ? "0" : new String(necessary, StandardCharsets.UTF_8);
        if (text.equals("0") || !js.leader) {
            return DONE;
        }
        String processing = l.job(job) + "/leader/sharding/processing";
        return zk.create(processing, new byte[0], CreateMode.EPHEMERAL)
                .thenCompose(v -> zk.getChildren(l.job(job) + "/servers", null))
                .thenCompose(servers -> {
                    List<Op> ops = new ArrayList<>();
                    ops.add(Op.check(l.ns, -1));
                    // an offline executor's sharding node went with the reshard after it left (see DomainTree)
                    for (String server : Sharding.writtenBy(text, servers, l::isOffline)) {
                        ops.add(Op.setData(
                                l.server(job, server) + "/sharding",
                                Executor.bytes(Sharding.itemsOf(text, server)),
                                -1));
                    }
                    ops.add(Op.setData(l.job(job) + "/leader/sharding/necessary", Executor.bytes("0"), -1));
                    return zk.multi(ops, ShardingRace::is);
                })
                .handle((r, e) -> {
                    if (e != null && ShardingRace.is(Failures.unwrap(e))) {
                        x.state.shardingRetried();
                    } else if (e != null) {
                        x.session.failed(FailureKind.RESHARD, e);
                    }
                    return null;
                })
                .thenCompose(v -> zk.exists(processing, null))
                .thenCompose(s -> zk.delete(processing));
    }
}
