package dev.zkload.sim;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Op;

/**
 * What the Saturn console writes when a domain and its jobs are created: the namespace skeleton,
 * then each job's config as one {@code multi} with {@code jobClass} last (executors take jobClass as
 * "the job is ready"), then the job's structural nodes. By default all pipelined, so a domain costs
 * the server's time, not round trips; {@link #write} can also send each domain's requests with one in
 * flight, as a console that waits for each answer does, the domains side by side.
 *
 * <p>With them, what the kind's offline executors left when their sessions ended: their executor node
 * with {@code lastBeginTime}, {@code version} and {@code clean} (set to "false": with "true" the console
 * would have deleted it all), and per job their server node with its values and counters. Their
 * ephemerals ({@code ip}, each {@code status}) went with the session, and each {@code sharding} node at
 * the first reshard after they left: the job leader deletes them all and writes the assignment's, which
 * names online executors only.
 */
final class DomainTree {
    private DomainTree() {}

    /** The domains' trees as one future, and the znodes they hold. */
    record Writes(CompletableFuture<Void> done, long znodes) {}

    /**
     * Writes the domains' trees. Pipelined, every request of every tree is sent at once: the server's pace, not
     * round trips. Otherwise each domain's requests go one at a time (each sent when the one before it is
     * answered), the domains side by side; a failure ends its domain's chain, and once {@code stopped} says so
     * (the fleet closed, the adder gave up) no further request is sent.
     */
    static Writes write(Zk zk, List<Layout> layouts, boolean pipelined, BooleanSupplier stopped) {
        List<CompletableFuture<?>> all = new ArrayList<>();
        long znodes = 0;
        for (Layout l : layouts) {
            List<List<Op>> requests =
                    requests(l, (path, data) -> Op.create(path, data, zk.acl(), CreateMode.PERSISTENT));
            if (pipelined) {
                requests.forEach(request -> all.add(zk.multi(request)));
            } else {
                all.add(oneAtATime(requests, zk::multi, stopped));
            }
            znodes += requests.stream().mapToLong(List::size).sum();
        }
        return new Writes(CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)), znodes);
    }

    /**
     * Writes the domains' trees again after the servers lost them, where some of their nodes may be there already:
     * a console's or an executor's election, on a new session sooner than the fleet's, creates the latch's missing
     * parents from the namespace down, and one node already there fails a whole {@code multi} (the namespace's would
     * leave the domain without its skeleton, every registration failing for good). Each node is its own
     * {@code create}, all pipelined (one session answers in order: parents first), one already there taken as
     * written.
     */
    static Writes writeMissing(Zk zk, List<Layout> layouts) {
        List<CompletableFuture<?>> all = new ArrayList<>();
        long znodes = 0;
        for (Layout l : layouts) {
            // each create is sent as the tree lists it: a parent before its children
            for (List<CompletableFuture<Void>> request :
                    requests(l, (path, data) -> zk.create(path, data, CreateMode.PERSISTENT))) {
                all.addAll(request);
                znodes += request.size();
            }
        }
        return new Writes(CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)), znodes);
    }

    /** Sends the requests in order, each when the one before it has succeeded, until done, failed or stopped. */
    static CompletableFuture<Void> oneAtATime(
            List<List<Op>> requests, Function<List<Op>, CompletableFuture<?>> send, BooleanSupplier stopped) {
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (List<Op> request : requests) {
            chain = chain.thenCompose(v -> stopped.getAsBoolean()
                            ? CompletableFuture.failedFuture(new CancellationException(
                                    "stopped before " + request.get(0).getPath()))
                            : send.apply(request))
                    .thenApply(answered -> null);
        }
        return chain;
    }

    /**
     * One domain's tree as the console's requests, each a {@code multi}, in the order it sends them: each node made by
     * {@code node} from its path and data, in that order.
     */
    private static <T> List<List<T>> requests(Layout l, BiFunction<String, byte[], T> node) {
        List<List<T>> all = new ArrayList<>();
        String se = l.saturnExecutors();
        List<T> skeleton = new ArrayList<>();
        for (String p : List.of(
                l.ns,
                l.jobs(),
                se,
                l.executors(),
                se + "/sharding",
                se + "/sharding/content",
                se + "/sharding/content/0",
                se + "/sharding/count",
                se + "/leader")) {
            skeleton.add(create(node, p, p.endsWith("/count") ? "0" : ""));
        }
        if (!l.client.containers()) {
            // a 3.5+ client's latches are containers that the elections create and the server deletes
            skeleton.add(create(node, se + "/leader/latch", ""));
        }
        for (String x : l.offlineExecutors) {
            skeleton.add(create(node, l.executor(x), ""));
            skeleton.add(create(node, l.executor(x) + "/lastBeginTime", "0"));
            skeleton.add(create(node, l.executor(x) + "/version", "sim"));
            skeleton.add(create(node, l.executor(x) + "/clean", "false"));
        }
        all.add(skeleton);
        for (String job : l.jobs) {
            List<T> config = new ArrayList<>();
            config.add(create(node, l.job(job), ""));
            config.add(create(node, l.job(job) + "/config", ""));
            for (String field : l.configFields(job)) {
                config.add(create(node, l.config(job, field), ConfigValues.value(l, job, field)));
            }
            all.add(config);
            List<T> structure = new ArrayList<>();
            for (String p : List.of("servers", "leader", "leader/election")) {
                structure.add(create(node, l.job(job) + "/" + p, ""));
            }
            if (!l.client.containers()) {
                structure.add(create(node, l.job(job) + "/leader/election/latch", ""));
            }
            JobGroup g = l.group(job);
            if (g.enabled()) {
                // the console shards enabled jobs only
                structure.add(create(node, l.job(job) + "/leader/sharding", ""));
                structure.add(create(node, l.job(job) + "/leader/sharding/necessary", "0"));
            }
            if (g.keepsExecution()) {
                // an item's node comes with its first reported run; the steady state has them all
                structure.add(create(node, l.job(job) + "/execution", ""));
                for (int i = 0; i < l.items(job); i++) {
                    structure.add(create(node, l.item(job, i), ""));
                }
            }
            for (String x : l.offlineExecutors) {
                String server = l.server(job, x);
                structure.add(create(node, server, ""));
                for (String value : l.version.serverValues()) {
                    structure.add(create(node, server + "/" + value, value.equals("ip") ? "127.0.0.1" : "sim"));
                }
                structure.add(create(node, server + "/processFailureCount", "0"));
                structure.add(create(node, server + "/processSuccessCount", "0"));
            }
            all.add(structure);
        }
        return all;
    }

    private static <T> T create(BiFunction<String, byte[], T> node, String path, String data) {
        return node.apply(path, data.getBytes(StandardCharsets.UTF_8));
    }
}
