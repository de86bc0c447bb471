package dev.zkload.sim;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;

/**
 * The watches of a Curator {@code TreeCache} limited to {@code maxDepth}: every node gets a data
 * watch ({@code getData}), and every node above the depth limit a child watch ({@code getChildren});
 * an absent root gets an {@code exists} watch. Events re-read what changed, as TreeCache does.
 */
final class TreeCache {
    /** What the owner is told; on the event thread. */
    interface Listener {
        void added(String path, byte[] data);

        default void updated(String path, byte[] data) {}

        default void removed(String path) {}
    }

    private final Session session;
    private final String root;
    private final int maxDepth;
    private final Listener listener;
    private final Map<String, Node> nodes = new ConcurrentHashMap<>();
    private volatile boolean closed;

    TreeCache(Session session, String root, int maxDepth, Listener listener) {
        this.session = session;
        this.root = root;
        this.maxDepth = maxDepth;
        this.listener = listener;
    }

    void start() {
        node(root, 0).refresh();
    }

    void reconnected() {
        for (Node n : nodes.values()) {
            n.refresh();
        }
    }

    void close() {
        closed = true;
    }

    /** The watcher of one cached node, or null: where the server's events for it arrive. */
    Watcher watcherOf(String path) {
        return nodes.get(path);
    }

    private Node node(String path, int depth) {
        return nodes.computeIfAbsent(path, p -> new Node(p, depth));
    }

    private final class Node implements Watcher {
        private final String path;
        private final int depth;
        private final Set<String> children = new HashSet<>();
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

        private void watchAbsentRoot(Zk zk) {
            session.watch(zk.exists(path, this), FailureKind.CACHE);
        }

        private synchronized void childrenAre(List<String> now) {
            for (String child : now) {
                if (children.add(child)) {
                    node(Paths.join(path, child), depth + 1).refresh();
                }
            }
            children.retainAll(new HashSet<>(now));
        }

        private void gone() {
            if (present) {
                present = false;
                if (depth > 0) {
                    nodes.remove(path);
                }
                listener.removed(path);
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
