package dev.zkload.sim;

import dev.zkload.sim.zk.RootLock;
import dev.zkload.sim.zk.ZkTrees;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;

/**
 * The live claims below a root: the roots under it whose {@value RootClaim#LOCK} a live session holds
 * (another fleet's or a run's, the same sign). Found with {@link ZkTrees#list(ZooKeeper, String,
 * java.util.function.Predicate)}, without going into a Saturn namespace's own trees ({@code $Jobs},
 * {@code $SaturnExecutors}, {@code $SaturnSelf}): no claim is ever there, and a fleet of 700 domains is
 * then 700 listings, not 1.5 million.
 */
final class LiveClaims {
    private static final Set<String> SATURN_TREES = Set.of("$Jobs", "$SaturnExecutors", "$SaturnSelf");

    private LiveClaims() {}

    /**
     * The claimed roots strictly below {@code root}, each with its holder described for a message, in path order.
     *
     * @throws KeeperException the first failure other than a znode gone meanwhile
     */
    static Map<String, String> below(ZooKeeper zk, String root) throws KeeperException, InterruptedException {
        Map<String, String> held = new TreeMap<>();
        String suffix = "/" + RootClaim.LOCK;
        for (String path : ZkTrees.list(
                zk, root, p -> !SATURN_TREES.contains(p.substring(p.lastIndexOf('/') + 1)) && !p.endsWith(suffix))) {
            if (!path.endsWith(suffix) || path.equals(root + suffix)) {
                continue;
            }
            String claimed = path.substring(0, path.length() - suffix.length());
            RootLock.held(zk, claimed).ifPresent(lock -> held.put(claimed, RootOwner.describe(lock)));
        }
        return held;
    }
}
