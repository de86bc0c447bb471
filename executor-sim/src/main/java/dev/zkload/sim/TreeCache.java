package dev.zkload.sim;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;

/**
 * The watches of a Curator {@code TreeCache} limited to {@code maxDepth}: every node gets a data
 * watch ({@code getData}), and every node above the depth limit a child watch ({@code getChildren});
 * an absent root gets an {@code exists} watch. Events re-read what changed, as TreeCache does.
 *
 * <p>It keeps only what those re-reads need: per node its path, depth, whether it is there and
 * (above the depth limit) its children's names, the strings taken from the domain's
 * {@link PathPool}; never the data. A depth-0 cache (most of an executor's) is its one node and no
 * map. A simulated session holds ≈1,100 of these nodes, so every field counts.
 */
final class TreeCache {
    /** What the owner is told; on the event thread. */
    interface Listener {
        void added(String path, byte[] data);

        default void updated(String path, byte[] data) {}

        default void removed(String path) {}
    }

    private static final String[] NO_CHILDREN = {};

    private final Session session;
    private final PathPool paths;
    private final int maxDepth;
    private final Listener listener;
    private final Node root;
    /** Every node, the root too, by path; null for a depth-0 cache, whose only node is the root. */
    private final Map<String, Node> nodes;

    private volatile boolean closed;

    TreeCache(Session session, PathPool paths, String root, int maxDepth, Listener listener) {
        this.session = session;
        this.paths = paths;
        this.maxDepth = maxDepth;
        this.listener = listener;
        this.root = new Node(paths.of(root), 0);
        this.nodes = maxDepth > 0 ? new ConcurrentHashMap<>() : null;
        if (nodes != null) {
            nodes.put(this.root.path, this.root);
        }
    }

    void start() {
        root.refresh();
    }

    void reconnected() {
        if (nodes == null) {
            root.refresh();
            return;
        }
        for (Node n : nodes.values()) {
            n.refresh();
        }
    }

    void close() {
        closed = true;
    }

    /** The watcher of one cached node, or null: where the server's events for it arrive. */
    Watcher watcherOf(String path) {
        return nodes == null ? (root.path.equals(path) ? root : null) : nodes.get(path);
    }

    /** The node below the root at {@code path}; only caches deeper than 0 have any. */
    private Node node(String path, int depth) {
        return nodes.computeIfAbsent(path, p -> new Node(p, depth));
    }

    private final class Node implements Watcher {
        private final String path;
        private final int depth;
        /** The names the last listing gave (pooled), above the depth limit only. */
        private String[] children = NO_CHILDREN;

        private volatile boolean present;

        Node(String path, int depth) {
            this.path = path;
            this.depth = depth;
        }

        void refresh() {
            readData();
            readChildren();
        }

        private void readData() {
            Zk zk = session.zk();
            if (zk == null || closed) {
                return;
            }
            session.watch(
                    zk.getData(path, this).thenAccept(data -> {
                        if (data == null) {
                            gone();
                            if (depth == 0) {
                                watchAbsentRoot(zk);
                            }
                        } else if (!present) {
                            present = true;
                            listener.added(path, data);
                        } else {
                            listener.updated(path, data);
                        }
                    }),
                    FailureKind.CACHE);
        }

        private void readChildren() {
            Zk zk = session.zk();
            if (zk == null || closed || depth >= maxDepth) {
                return;
            }
            session.watch(zk.getChildren(path, this).thenAccept(this::childrenAre), FailureKind.CACHE);
        }

        /**
         * An {@code exists} watch on the root its read found absent. Created in between, the root has no event to
         * give (the watch set on it is a data watch): it is read again at once, as Curator's TreeCache does, or its
         * children would never be listed and watched.
         */
        private void watchAbsentRoot(Zk zk) {
            session.watch(
                    zk.exists(path, this).thenAccept(stat -> {
                        if (stat != null) {
                            refresh();
                        }
                    }),
                    FailureKind.CACHE);
        }

        /** A child not listed before gets its node and is read; the names listed now are the children. */
        private synchronized void childrenAre(List<String> now) {
            String[] listed = new String[now.size()];
            for (int i = 0; i < listed.length; i++) {
                String child = now.get(i);
                if (!isChild(child)) {
                    node(paths.child(path, child), depth + 1).refresh();
                }
                listed[i] = paths.of(child);
            }
            children = listed;
        }

        private boolean isChild(String name) {
            for (String c : children) {
                if (c.equals(name)) {
                    return true;
                }
            }
            return false;
        }

        /**
         * The node is not there (deleted, or gone before its first read). As Curator's TreeCache drops such a
         * child from its parent's children, so that one created again before the parent's next listing is a
         * new child then, read and watched again; only a node that was there is reported removed.
         */
        private void gone() {
            boolean was = present;
            present = false;
            // only this node's own entry: a late event of a node deleted before must not drop its successor
            if (depth > 0 && nodes.remove(path, this)) {
                int slash = path.lastIndexOf('/');
                Node parent = nodes.get(path.substring(0, slash));
                if (parent != null) {
                    parent.forget(path.substring(slash + 1));
                }
            }
            if (was) {
                listener.removed(path);
            }
        }

        /** A child deleted: no longer among the names the last listing gave. */
        private synchronized void forget(String child) {
            for (int i = 0; i < children.length; i++) {
                if (children[i].equals(child)) {
                    String[] fewer = new String[children.length - 1];
                    System.arraycopy(children, 0, fewer, 0, i);
                    System.arraycopy(children, i + 1, fewer, i, children.length - i - 1);
                    children = fewer;
                    return;
                }
            }
        }

        @Override
        public void process(WatchedEvent event) {
            if (closed) {
                return;
            }
            switch (event.getType()) {
                case NodeCreated -> refresh();
                case NodeDataChanged -> readData();
                case NodeChildrenChanged -> readChildren();
                case NodeDeleted -> {
                    gone();
                    // the session may have expired between the event and now: then there is nothing to re-arm
                    Zk zk = session.zk();
                    if (depth == 0 && zk != null) {
                        watchAbsentRoot(zk);
                    }
                }
                default -> {
                    // connection state changes are handled by the session
                }
            }
        }
    }
}
