package dev.zkload.zk.claim;

import dev.zkload.zk.ZkTrees;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;

/**
 * The live claims below a root: the roots under it whose {@value RootLock#NAME} a live session holds
 * (another fleet's or a run's, the same sign). Found with {@link ZkTrees#list(ZooKeeper, String,
 * java.util.function.Predicate)}, without going into a Saturn namespace's own trees ({@code $Jobs},
 * {@code $SaturnExecutors}, {@code $SaturnSelf}): no claim is ever there, and a fleet of 700 domains is
 * then 700 listings, not 1.5 million.
 */
final class LiveClaims {
    private static final Set<String> SATURN_TREES = Set.of("$Jobs", "$SaturnExecutors", "$SaturnSelf");

    private LiveClaims() {}

    /**
     * The claimed roots strictly below {@code root}, each with its live lock, in path order.
     *
     * @throws KeeperException the first failure other than a znode gone meanwhile
     */
    static Map<String, RootLock> below(ZooKeeper zk, String root) throws KeeperException, InterruptedException {
        Map<String, RootLock> held = new TreeMap<>();
        String suffix = "/" + RootLock.NAME;
        for (String path : ZkTrees.list(
                zk, root, p -> !SATURN_TREES.contains(p.substring(p.lastIndexOf('/') + 1)) && !p.endsWith(suffix))) {
            if (!path.endsWith(suffix) || path.equals(root + suffix)) {
                continue;
            }
            String claimed = path.substring(0, path.length() - suffix.length());
            RootLock.held(zk, claimed).ifPresent(lock -> held.put(claimed, lock));
        }
        return held;
    }
}
