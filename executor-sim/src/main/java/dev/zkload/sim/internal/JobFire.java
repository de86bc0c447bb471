package dev.zkload.sim.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Op;

/**
 * One fire of one job on one executor, as saturn-model.md section 4.1 lists it: phase A (reads, on
 * every executor), and on the owners of items phase B per item (delete completed, create the
 * ephemeral running, run for the model's run time, create completed, delete running) and phase C.
 * A pending reshard ({@code necessary} not "0") is applied first by the job leader (section 4.6).
 */
final class JobFire {
    private static final Pattern ITEMS = Pattern.compile("\"([^\"]+)\":\\[([0-9,]*)\\]");

    private final Executor x;
    private final Layout l;
    private final String job;
    private final Executor.JobState js;
    private final Zk zk;

    JobFire(Executor x, String job, Executor.JobState js) {
        this.x = x;
        this.l = x.l;
        this.job = job;
        this.js = js;
        this.zk = x.session.zk();
    }

    void fire() {
        if (zk == null || x.closed() || !x.session.isConnected()) {
            return;
        }
        String execution = l.job(job) + "/execution";
        String necessary = l.job(job) + "/leader/sharding/necessary";
        String mySharding = l.server(job, x.name) + "/sharding";
        int items = l.model.itemsPerJob();
        zk.getChildren(execution, null);
        failoverChecks(items);
        zk.exists(necessary, null)
                .thenCompose(s -> zk.getData(necessary, null))
                .thenCompose(d -> reshardIfNeeded(d))
                .thenCompose(v -> zk.getData(mySharding, null))
                .thenCompose(d -> {
                    zk.getChildren(execution, null);
                    failoverChecks(items);
                    return zk.getData(mySharding, null);
                })
                .thenCompose(d -> {
                    List<Integer> owned = parseItems(d);
                    List<CompletableFuture<?>> checks = new ArrayList<>();
                    for (int k : owned) {
                        checks.add(zk.exists(l.item(job, k) + "/failover", null));
                    }
                    for (int k : owned) {
                        checks.add(zk.exists(l.item(job, k) + "/running", null));
                    }
                    checks.add(zk.getData(l.config(job, "customContext"), null));
                    return CompletableFuture.allOf(checks.toArray(CompletableFuture[]::new)).thenApply(v -> owned);
                })
                .thenCompose(this::run)
                .exceptionally(e -> {
                    x.state.runFailed();
                    return null;
                });
    }

    private void failoverChecks(int items) {
        for (int i = 0; i < items; i++) {
            zk.exists(l.item(job, i) + "/failover", null);
        }
    }

    /** Phase B for every owned item (in parallel, as Saturn's item threads), then phase C. */
    private CompletableFuture<Void> run(List<Integer> owned) {
        if (owned.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        boolean v21 = !l.model.isSaturn3();
        String status = l.server(job, x.name) + "/status";
        CompletableFuture<Void> start = v21 ? statusMulti(status, "RUNNING") : CompletableFuture.completedFuture(null);
        return start.thenCompose(v -> {
            List<CompletableFuture<Void>> runs = new ArrayList<>();
            for (int k : owned) {
                runs.add(runItem(k, v21));
            }
            return CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new));
        }).thenCompose(v -> v21 ? statusMulti(status, "READY") : CompletableFuture.completedFuture(null))
                .thenCompose(v -> zk.exists(l.job(job) + "/leader/failover/items", null)).thenApply(s -> null);
    }

    private CompletableFuture<Void> statusMulti(String status, String value) {
        return zk.multi(List.of(Op.setData(status, Executor.bytes(value), -1))).thenApply(r -> null);
    }

    private CompletableFuture<Void> runItem(int k, boolean v21) {
        String item = l.item(job, k);
        CompletableFuture<Void> begin = v21 ? zk.exists(item + "/completed", null).thenCompose(s -> zk.delete(item + "/completed"))
                : zk.delete(item + "/completed");
        return begin
                .thenCompose(v -> zk.exists(item + "/running", null))
                .thenCompose(s -> zk.create(item + "/running", v21 ? new byte[0] : Executor.bytes(x.name), CreateMode.EPHEMERAL))
                .thenCompose(v -> {
                    x.state.runStarted();
                    zk.exists(item + "/failed", null);
                    return zk.exists(item + "/timeout", null);
                })
                .thenCompose(s -> later(l.model.runTime().toMillis()))
                .thenCompose(v -> zk.exists(item + "/running", null))
                .thenCompose(s -> zk.exists(item + "/completed", null))
                .thenCompose(s -> zk.create(item + "/completed", v21 ? new byte[0] : Executor.bytes(x.name), CreateMode.PERSISTENT))
                .thenCompose(v -> v21 ? zk.exists(item + "/running", null).thenCompose(s -> zk.delete(item + "/running"))
                        : zk.delete(item + "/running"))
                .thenCompose(v -> zk.exists(item + "/failover", null))
                .thenAccept(s -> {
                    x.state.runCompleted();
                    js.completed++;
                });
    }

    private CompletableFuture<Void> later(long millis) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        x.scheduler.schedule(() -> f.complete(null), millis, TimeUnit.MILLISECONDS);
        return f;
    }

    /**
     * Section 4.6, executor side: the job leader writes each executor's sharding node and resets
     * {@code necessary} to "0" in one multi, guarded by the ephemeral {@code processing} node.
     */
    private CompletableFuture<Void> reshardIfNeeded(byte[] necessary) {
        String text = necessary == null ? "0" : new String(necessary, StandardCharsets.UTF_8);
        if (text.equals("0") || !js.leader) {
            return CompletableFuture.completedFuture(null);
        }
        String processing = l.job(job) + "/leader/sharding/processing";
        return zk.create(processing, new byte[0], CreateMode.EPHEMERAL)
                .thenCompose(v -> zk.getChildren(l.job(job) + "/servers", null))
                .thenCompose(servers -> {
                    List<Op> ops = new ArrayList<>();
                    ops.add(Op.check(l.ns, -1));
                    for (String server : servers) {
                        ops.add(Op.setData(l.server(job, server) + "/sharding", Executor.bytes(itemsOf(text, server)), -1));
                    }
                    ops.add(Op.setData(l.job(job) + "/leader/sharding/necessary", Executor.bytes("0"), -1));
                    return zk.multi(ops);
                })
                .handle((r, e) -> null)
                .thenCompose(v -> zk.exists(processing, null))
                .thenCompose(s -> zk.delete(processing));
    }

    /** The items of {@code executor} in a {@code necessary} JSON, as Saturn's sharding node writes them ("0,2"). */
    static String itemsOf(String json, String executor) {
        Matcher m = ITEMS.matcher(json);
        while (m.find()) {
            if (m.group(1).equals(executor)) {
                return m.group(2);
            }
        }
        return "";
    }

    static List<Integer> parseItems(byte[] data) {
        List<Integer> items = new ArrayList<>();
        if (data == null) {
            return items;
        }
        for (String s : new String(data, StandardCharsets.UTF_8).split(",")) {
            if (!s.isBlank()) {
                items.add(Integer.parseInt(s.trim()));
            }
        }
        return items;
    }

    /** Orders latch candidates by their sequence suffix, as Curator's LeaderLatch does. */
    static int bySequence(String a, String b) {
        return a.substring(a.lastIndexOf('-') + 1).compareTo(b.substring(b.lastIndexOf('-') + 1));
    }
}
