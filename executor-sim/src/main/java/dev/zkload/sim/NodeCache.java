package dev.zkload.sim;

import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;

/**
 * What a Curator 2.10 {@code NodeCache} makes the server see: on start, on every event and on
 * reconnect, {@code checkExists().creatingParentContainersIfNeeded()} runs ZKPaths.mkdirs, one
 * {@code exists} per parent from the domain namespace down (five for an item's running node), then
 * {@code exists} with a watch and, if the node is there, {@code getData} with a watch. One watch on
 * the server (exists and getData share the data table). Today's Curator no longer checks the
 * parents, which is why the recipe is written out here.
 *
 * <p>It keeps no data and no list of parents: a simulated session holds hundreds of these, and
 * the parents are cut from the path at each re-arm (a few short-lived strings per event) rather
 * than held for the session's life.
 */
final class NodeCache implements Watcher {
    private final Session session;
    /** Where the parents' checks begin (Curator's namespace); shared by every cache of the domain. */
    private final String namespace;

    private final String path;
    /** Told of a change (after an event) with the path and the data, or null when the node is absent; on the event thread. */
    private final BiConsumer<String, byte[]> listener;

    private volatile boolean closed;
    /** Whether the node was there at the last read (start, event or reconnect). */
    private volatile boolean present;

    NodeCache(Session session, String namespace, String path, BiConsumer<String, byte[]> listener) {
        this.session = session;
        this.namespace = namespace;
        this.path = path;
        this.listener = listener;
    }

    void start() {
        rearm(false);
    }

    /** The NodeCache reset Curator does on reconnect. */
    void reconnected() {
        rearm(false);
    }

    @Override
    public void process(WatchedEvent event) {
        if (!closed && event.getType() != Event.EventType.None) {
            rearm(true);
        }
    }

    private void rearm(boolean notify) {
        Zk zk = session.zk();
        if (zk == null || closed) {
            return;
        }
        for (String parent : Paths.parentsFrom(namespace, path)) {
            session.watch(zk.exists(parent, null), FailureKind.CACHE);
        }
        session.watch(
                zk.exists(path, this)
                        .thenCompose(stat ->
                                stat == null ? CompletableFuture.<byte[]>completedFuture(null) : zk.getData(path, this))
                        .thenAccept(data -> {
                            present = data != null;
                            if (notify) {
                                listener.accept(path, data);
                            }
                        }),
                FailureKind.CACHE);
    }

    /** Whether the node was there when this cache last read it; false before its first read. */
    boolean present() {
        return present;
    }

    void close() {
        closed = true;
    }
}
