package dev.zkload.runner.engine.experiment;

import dev.zkload.runner.engine.health.HealthLimits;
import java.time.Duration;
import java.util.List;

/**
 * What {@code connections} measures: clients working at once, each on its own znodes.
 *
 * @param levels           concurrent client sessions at each level, rising
 * @param znodesPerClient  znodes each client creates, reads, sets and deletes
 * @param size             bytes of data per znode
 * @param sessionTimeout   the clients' session timeout: a server slower than this expires them
 * @param connectTimeout   how long a session may take to connect
 * @param limits           when the runner, not the ensemble, is the bottleneck
 */
public record ConnectionSweepPlan(
        List<Level> levels,
        int znodesPerClient,
        int size,
        Duration sessionTimeout,
        Duration connectTimeout,
        HealthLimits limits) {

    /** The phases each client goes through at every level, in order. */
    public static final List<String> PHASES = List.of("create", "get", "set", "delete");

    public ConnectionSweepPlan {
        levels = List.copyOf(levels);
        for (int i = 0; i < levels.size(); i++) {
            if (levels.get(i).value() < 1 || levels.get(i).value() > 100_000) {
                throw new IllegalArgumentException("clients must be between 1 and 100000, got "
                        + levels.get(i).label());
            }
            if (i > 0 && levels.get(i).value() <= levels.get(i - 1).value()) {
                throw new IllegalArgumentException(
                        "the client counts must rise: " + levels.get(i - 1).label() + " is followed by "
                                + levels.get(i).label());
            }
        }
        if (znodesPerClient < 1) {
            throw new IllegalArgumentException("znodes per client must be at least 1, got " + znodesPerClient);
        }
    }
}
