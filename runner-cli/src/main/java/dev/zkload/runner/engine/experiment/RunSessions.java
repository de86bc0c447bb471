package dev.zkload.runner.engine.experiment;

import dev.zkload.bench.client.Connections;
import dev.zkload.runner.engine.run.PreparedRun;
import dev.zkload.zk.ZkTrees;
import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;

/** An experiment's sessions, connected as the run's target wants: its address, TLS and credentials. */
final class RunSessions {
    private RunSessions() {}

    /**
     * Removes each tree with {@code zk}, whatever happened before; says in {@code notes} which one could not
     * be removed and never throws, so a clean-up never hides the error that ended the run.
     */
    static void removeTrees(ZooKeeper zk, List<String> notes, String... roots) {
        for (String root : roots) {
            try {
                ZkTrees.deleteRecursive(zk, root);
            } catch (KeeperException | InterruptedException e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                notes.add("The znodes under " + root + " could not all be removed (" + e.getMessage()
                        + "): run zkload clean to remove them.");
            }
        }
    }

    /** Closes every session; an interrupt while closing is kept for the caller. */
    static void closeAll(Collection<ZooKeeper> sessions) {
        for (ZooKeeper zk : sessions) {
            try {
                zk.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    static ZooKeeper open(PreparedRun run, Duration sessionTimeout, Duration connectTimeout, Watcher events)
            throws IOException, InterruptedException {
        return open(run, sessionTimeout, connectTimeout, events, state -> {});
    }

    /** @param states told of every change of the connection's state (disconnected, expired, …) */
    static ZooKeeper open(
            PreparedRun run,
            Duration sessionTimeout,
            Duration connectTimeout,
            Watcher events,
            Consumer<KeeperState> states)
            throws IOException, InterruptedException {
        return Connections.open(
                run.target().connectString().toString(),
                run.target().security(),
                sessionTimeout,
                connectTimeout,
                events,
                states);
    }
}
