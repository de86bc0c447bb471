package dev.zkload.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Op;

/**
 * How a Saturn executor registers, request for request: the job list, a clock probe (an
 * ephemeral-sequential node whose ctime is read back), its executor nodes and the ephemeral
 * {@code ip}, then per job the config reads, the analyse counters, the job's caches, a LeaderLatch
 * round for the job's leader, the server nodes and the ephemeral {@code status}. Done once per
 * session: at start, and on a new session after an expiry.
 */
final class Registration {
    private static final byte[] EMPTY = new byte[0];
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private final Executor x;
    private final Layout l;
    private final Zk zk;

    Registration(Executor x, Zk zk) {
        this.x = x;
        this.l = x.l;
        this.zk = zk;
    }

    CompletableFuture<Void> register() {
        String me = l.executor(x.name);
        String probe = me + "/systemTime";
        return zk.getChildren(l.jobs(), null)
                // clock check: an ephemeral-sequential probe, its ctime read back, then removed
                .thenCompose(c -> zk.create(me, EMPTY, CreateMode.PERSISTENT))
                .thenCompose(v -> zk.create(probe, EMPTY, CreateMode.PERSISTENT))
                .thenCompose(v -> zk.createSequential(probe + "/current", CreateMode.EPHEMERAL_SEQUENTIAL))
                .thenCompose(current -> zk.exists(current, null).thenCompose(s -> zk.delete(current)))
                .thenCompose(v -> zk.exists(probe, null))
                .thenCompose(s -> zk.delete(probe))
                .thenCompose(v -> zk.exists(me, null))
                .thenCompose(s -> update(zk, me + "/lastBeginTime", Long.toString(System.currentTimeMillis())))
                .thenCompose(v -> update(zk, me + "/version", "sim"))
                .thenCompose(v -> update(zk, me + "/clean", "true"))
                .thenCompose(v -> {
                    if (l.version.watchesSaturnSelf()) {
                        // outside the namespace (usingNamespace(null) in Saturn): parents checked from the fleet root
                        x.nodeCache(l.root(), l.saturnSelfConfig(), (p, d) -> {});
                    }
                    return ephemeral(zk, me + "/ip", "127.0.0.1");
                })
                .thenCompose(v -> {
                    x.treeCache(l.jobs(), 1);
                    List<CompletableFuture<Void>> all = new ArrayList<>();
                    for (String job : l.jobs) {
                        all.add(initJob(job));
                    }
                    return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new));
                });
    }

    /** One job's init: its config read, analyse nodes, caches, leader election, server nodes and status. */
    private CompletableFuture<Void> initJob(String job) {
        Executor.JobState js = x.jobs.computeIfAbsent(job, j -> new Executor.JobState());
        String server = l.server(job, x.name);
        List<CompletableFuture<?>> reads = new ArrayList<>();
        reads.add(zk.exists(l.config(job, "jobClass"), null));
        // Saturn reads 24 fields at job init
        List<String> fields = l.configFields(job);
        for (String field : fields.subList(0, Math.min(24, fields.size()))) {
            reads.add(zk.getData(l.config(job, field), null));
        }
        reads.add(zk.exists(l.config(job, "toDelete"), null));
        CompletableFuture<Void> chain = CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new))
                .thenCompose(v -> zk.create(l.job(job) + "/analyse", EMPTY, CreateMode.PERSISTENT))
                .thenCompose(v -> persistIfAbsent(zk, l.job(job) + "/analyse/processCount", "0"))
                .thenCompose(v -> persistIfAbsent(zk, l.job(job) + "/analyse/errorCount", "0"))
                .thenCompose(v -> zk.getChildren(l.jobs(), null))
                .thenCompose(c -> {
                    x.startJobCaches(job, js);
                    return JobElection.elect(x, job, js);
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
        if (l.group(job).enabled()) {
            // a disabled job is never sharded: no sharding node under its servers
            chain = chain.thenCompose(v -> persistIfAbsent(zk, server + "/sharding", ""));
        }
        return chain.thenCompose(v -> ephemeral(zk, server + "/status", l.version.idleStatus()))
                .thenRun(() -> x.schedule(job, js));
    }

    /** What this executor writes under {@code servers/<executor>/}: its ip, build version, and the Java job's version. */
    private static String serverValue(String field) {
        return switch (field) {
            case "ip" -> "127.0.0.1";
            case "version" -> "sim";
            default -> "1";
        };
    }

    /** exists, then create or multi(check, setData): how Saturn writes a persistent value. */
    static CompletableFuture<Void> update(Zk zk, String path, String value) {
        return zk.exists(path, null)
                .thenCompose(s -> s == null
                        ? zk.create(path, Executor.bytes(value), CreateMode.PERSISTENT)
                        : zk.multi(List.of(
                                        Op.check(path, s.getVersion()),
                                        Op.setData(path, Executor.bytes(value), s.getVersion())))
                                .thenApply(r -> null));
    }

    /** exists, then getData (writing nothing, the value is ours already) or create. */
    static CompletableFuture<Void> persistIfAbsent(Zk zk, String path, String value) {
        return zk.exists(path, null)
                .thenCompose(s -> s != null
                        ? zk.getData(path, null).thenApply(d -> null)
                        : zk.create(path, Executor.bytes(value), CreateMode.PERSISTENT));
    }

    /** exists, [delete an old session's node], create ephemeral. */
    private static CompletableFuture<Void> ephemeral(Zk zk, String path, String value) {
        return zk.exists(path, null)
                .thenCompose(s -> s != null ? zk.delete(path) : DONE)
                .thenCompose(v -> zk.create(path, Executor.bytes(value), CreateMode.EPHEMERAL));
    }
}
