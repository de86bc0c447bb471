package dev.zkload.sim;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;

/**
 * One round of Curator 2.10's {@code LeaderLatch} as Saturn runs it, for a job's leader (each executor)
 * and for the console's sharding leader: an ephemeral-sequential candidate under the latch, the latch's
 * children, and if the candidate is the lowest, what the leader does (Saturn: write the ephemeral host
 * if nobody holds it); then the candidate is deleted. A candidate that is not the lowest leaves at once
 * instead of waiting for its predecessor: the lowest writes the host for all of them.
 *
 * <p>The latch node itself is created the way the domain's ZooKeeper client line makes Curator create
 * it: Curator creates the candidate with {@code creatingParentContainersIfNeeded()}, so when the latch is
 * missing (never made, or deleted by the server once empty) it checks every parent from the namespace
 * down ({@code exists}) and creates the missing ones, as container nodes with a 3.5+ client and as
 * persistent ones with a 3.4 client, then creates the candidate again.
 */
final class LeaderLatch {
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private LeaderLatch() {}

    /**
     * One round.
     *
     * @param namespace where Curator's parent checks begin
     * @param latch     the latch node
     * @param candidate the candidate's name, as Curator's protected mode prefixes it
     * @param parents   how the latch and its parents are created when missing: persistent, or container
     * @param asLowest  what the lowest candidate does; completes with whether it took the lead
     * @return whether this candidate took the lead
     */
    static CompletableFuture<Boolean> round(
            Zk zk,
            String namespace,
            String latch,
            String candidate,
            CreateMode parents,
            Supplier<CompletableFuture<Boolean>> asLowest) {
        String prefix = latch + "/_c_" + candidate + "-latch-";
        return candidate(zk, namespace, prefix, parents)
                .thenCompose(mine -> zk.getChildren(latch, null).thenCompose(children -> {
                    boolean lowest = children.stream()
                            .sorted(Sharding::bySequence)
                            .findFirst()
                            .map(mine::endsWith)
                            .orElse(false);
                    CompletableFuture<Boolean> led = lowest ? asLowest.get() : CompletableFuture.completedFuture(false);
                    return led.thenCompose(took -> zk.delete(mine).thenApply(v -> took));
                }));
    }

    /** The candidate's node, the latch and its missing parents created first if it is not there. */
    private static CompletableFuture<String> candidate(Zk zk, String namespace, String prefix, CreateMode parents) {
        return zk.createSequential(prefix, CreateMode.EPHEMERAL_SEQUENTIAL)
                .thenCompose(mine -> mine != null
                        ? CompletableFuture.completedFuture(mine)
                        : mkdirs(zk, Paths.parentsFrom(namespace, prefix), parents)
                                .thenCompose(v -> zk.createSequential(prefix, CreateMode.EPHEMERAL_SEQUENTIAL))
                                .thenApply(again -> {
                                    if (again == null) {
                                        throw new CompletionException(
                                                KeeperException.create(KeeperException.Code.NONODE, prefix));
                                    }
                                    return again;
                                }));
    }

    /** Curator 2.10's ZKPaths.mkdirs: each path in turn, {@code exists}, and {@code create} if it is missing. */
    private static CompletableFuture<Void> mkdirs(Zk zk, List<String> paths, CreateMode mode) {
        CompletableFuture<Void> chain = DONE;
        for (String p : paths) {
            chain = chain.thenCompose(v -> zk.exists(p, null))
                    .thenCompose(stat -> stat != null ? DONE : zk.create(p, new byte[0], mode));
        }
        return chain;
    }
}
