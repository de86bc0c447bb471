package dev.zkload.runner.engine.experiment;

import dev.zkload.runner.engine.health.HealthLimits;
import java.time.Duration;
import java.util.List;

/**
 * What {@code watches} measures: the latency of a set, and of the notifications it triggers, as the
 * ensemble holds more watches ({@link Swept#TOTAL}) or as more sessions watch each znode that is set
 * ({@link Swept#FAN_OUT}).
 *
 * @param swept          which quantity the levels are
 * @param levels         watches on the ensemble, or watchers per set znode, at each level, rising
 * @param watches        the ensemble's other watches while the fan-out is swept
 * @param fanOut         watchers per set znode while the watches are swept
 * @param sessions       sessions the other watches are spread over
 * @param znodes         znodes set at each level
 * @param size           bytes written by each set
 * @param connectTimeout how long a session may take to connect
 * @param limits         when the runner, not the ensemble, is the bottleneck
 */
public record WatchSweepPlan(
        Swept swept,
        List<Level> levels,
        long watches,
        int fanOut,
        int sessions,
        int znodes,
        int size,
        Duration connectTimeout,
        HealthLimits limits) {

    /** What the levels count. */
    public enum Swept {
        /** Watches on the ensemble, spread over {@code sessions} sessions on znodes that are never set. */
        TOTAL,
        /** Sessions watching each znode that is set. */
        FAN_OUT
    }

    public WatchSweepPlan {
        levels = List.copyOf(levels);
        for (int i = 1; i < levels.size(); i++) {
            if (levels.get(i).value() <= levels.get(i - 1).value()) {
                throw new IllegalArgumentException(
                        "the levels must rise: " + levels.get(i - 1).label() + " is followed by "
                                + levels.get(i).label());
            }
        }
        if (swept == Swept.FAN_OUT && levels.stream().anyMatch(l -> l.value() < 1 || l.value() > 1000)) {
            throw new IllegalArgumentException("watchers per znode must be between 1 and 1000");
        }
        if (sessions < 1 || znodes < 1 || fanOut < 1) {
            throw new IllegalArgumentException("sessions, znodes and watchers per znode must be at least 1");
        }
    }

    /** The other watches at a level. */
    long watchesAt(Level level) {
        return swept == Swept.TOTAL ? level.value() : watches;
    }

    /** The watchers of each set znode at a level. */
    int fanOutAt(Level level) {
        return swept == Swept.FAN_OUT ? (int) level.value() : fanOut;
    }
}
