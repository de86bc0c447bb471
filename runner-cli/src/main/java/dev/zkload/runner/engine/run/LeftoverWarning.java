package dev.zkload.runner.engine.run;

import dev.zkload.bench.client.Connections;
import java.io.IOException;
import java.util.List;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;

/**
 * Looks, once before the load, for {@link Leftovers} beside the run's root and prints the warning.
 * A look that fails is a line too, never the run's end: the leftovers are advice, the run is the point.
 */
final class LeftoverWarning {
    private LeftoverWarning() {}

    static void print(Target target, RunStart start, RunListener console) throws InterruptedException {
        String connect = target.connectString().toString();
        List<Leftovers.Leftover> found;
        try {
            ZooKeeper zk = Connections.open(
                    connect,
                    target.security(),
                    start.target().connectTimeout().multipliedBy(2),
                    start.target().connectTimeout(),
                    null);
            try {
                found = Leftovers.beside(zk, start.root());
            } finally {
                zk.close();
            }
        } catch (IOException | KeeperException e) {
            console.line("Could not look for earlier runs' trees beside " + start.root() + ": " + e.getMessage());
            return;
        }
        if (!found.isEmpty()) {
            console.line(Leftovers.warning(
                    found, root -> CleanHint.of(target, start.target().security(), root)));
        }
    }
}
