package dev.zkload.runner.engine.experiment;

import dev.zkload.runner.engine.health.HealthLimits;
import java.time.Duration;

/**
 * What {@code max-rate} searches: the highest rate at which a mix of operations keeps its p99 latency
 * under a bound and the ensemble keeps up with the schedule.
 *
 * @param mix            the operations and their weights
 * @param p99Bound       the latency bound, p99 from each call's intended start
 * @param clients        sessions the calls are spread over
 * @param hold           how long each rate is held
 * @param firstRate      the first rate tried, ops/s
 * @param precision      how narrow the final bracket must be, as a fraction of the rate (0.05)
 * @param maxProbes      the most rates tried
 * @param pool           znodes that get, set and exists work on (created before the first rate)
 * @param size           bytes written by set and create
 * @param maxOutstanding the most calls in flight; beyond it the schedule waits, and the wait counts as latency
 * @param connectTimeout how long a session may take to connect
 * @param limits         when the runner, not the ensemble, is the bottleneck
 */
public record MaxRatePlan(
        Mix mix,
        Duration p99Bound,
        int clients,
        Duration hold,
        long firstRate,
        double precision,
        int maxProbes,
        int pool,
        int size,
        int maxOutstanding,
        Duration connectTimeout,
        HealthLimits limits) {

    /** The achieved rate must be at least this share of the target for the target to count as held. */
    public static final double ACHIEVED_SHARE = 0.98;

    public MaxRatePlan {
        if (clients < 1 || pool < 1 || maxOutstanding < 1 || firstRate < 1 || maxProbes < 1) {
            throw new IllegalArgumentException(
                    "clients, pool, outstanding calls, first rate and probes must be positive");
        }
        if (p99Bound.isZero() || p99Bound.isNegative() || hold.isZero() || hold.isNegative()) {
            throw new IllegalArgumentException("the p99 bound and the hold must be positive");
        }
    }
}
