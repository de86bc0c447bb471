package dev.zkload.sim;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;

/**
 * Deletes the fleet's root at the end, as fast as the server allows and no faster: 700 domains are
 * 1.5 million znodes, which a synchronous walk ({@code ZKUtil.deleteRecursive}: one round trip per
 * znode just to list them) takes many minutes over. Each level is listed {@value #WINDOW} calls at a
 * time, then the znodes go deepest first in {@code multi} batches, {@value #WINDOW} batches at a time.
 */
final class TreeDeletion {
    private static final int WINDOW = 64;
    private static final int BATCH = 500;

    private TreeDeletion() {
    }

    static void delete(Zk zk, String root) throws KeeperException, InterruptedException {
        List<String> tree = new ArrayList<>();
        List<String> level = List.of(root);
        while (!level.isEmpty()) {
            List<String> next = new ArrayList<>();
            for (int from = 0; from < level.size(); from += WINDOW) {
                List<String> parents = level.subList(from, Math.min(level.size(), from + WINDOW));
                List<CompletableFuture<List<String>>> children = new ArrayList<>();
                parents.forEach(p -> children.add(zk.getChildren(p, null)));
                for (int i = 0; i < parents.size(); i++) {
                    String parent = parents.get(i);
                    tree.add(parent);
                    await(children.get(i)).forEach(child -> next.add(parent + "/" + child));
                }
            }
            level = next;
        }
        Collections.reverse(tree);
        List<List<String>> batches = new ArrayList<>();
        List<CompletableFuture<?>> inFlight = new ArrayList<>();
        for (int from = 0; from < tree.size(); from += BATCH) {
            List<String> batch = tree.subList(from, Math.min(tree.size(), from + BATCH));
            List<Op> ops = new ArrayList<>();
            batch.forEach(p -> ops.add(Op.delete(p, -1)));
            batches.add(batch);
            inFlight.add(zk.multi(ops));
            if (inFlight.size() == WINDOW || from + BATCH >= tree.size()) {
                awaitBatches(zk, batches, inFlight);
            }
        }
    }

    /** A batch fails as a whole when one of its znodes is gone already: then its znodes go one by one. */
    private static void awaitBatches(Zk zk, List<List<String>> batches, List<CompletableFuture<?>> futures)
            throws KeeperException, InterruptedException {
        for (int i = 0; i < futures.size(); i++) {
            try {
                futures.get(i).get();
            } catch (ExecutionException e) {
                for (String p : batches.get(i)) {
                    await(zk.delete(p)); // tolerates a znode already gone
                }
            }
        }
        batches.clear();
        futures.clear();
    }

    private static <T> T await(CompletableFuture<T> f) throws KeeperException, InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof KeeperException k) {
                throw k;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
