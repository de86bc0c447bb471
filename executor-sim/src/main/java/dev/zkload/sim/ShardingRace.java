package dev.zkload.sim;

import org.apache.zookeeper.KeeperException;

/**
 * A job leader's sharding write that met an executor still registering: its {@code multi} sets
 * {@code $Jobs/<job>/servers/<executor>/sharding} for an executor that has not created it yet ({@code NoNode}).
 * Saturn's own job leaders meet it whenever executors come and go, and write again at the job's next fire, as the
 * simulated ones do: it is neither an operation error nor a failure, but counted apart
 * ({@link FleetSnapshot#shardingRetries()}).
 */
final class ShardingRace {
    private ShardingRace() {}

    /** Whether {@code failure} is that race. */
    static boolean is(Throwable failure) {
        return failure instanceof KeeperException.NoNodeException noNode
                && noNode.getPath() != null
                && noNode.getPath().matches(".*/servers/[^/]+/sharding");
    }
}
