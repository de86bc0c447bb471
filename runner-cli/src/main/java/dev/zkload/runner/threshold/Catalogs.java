package dev.zkload.runner.threshold;

import static dev.zkload.runner.threshold.Metric.Aggregate.EVERY_LEVEL;
import static dev.zkload.runner.threshold.Metric.Aggregate.RUN;
import static dev.zkload.runner.threshold.Metric.Aggregate.SUM_OF_LEVELS;
import static dev.zkload.runner.threshold.Metric.Source.BENCHMARK;
import static dev.zkload.runner.threshold.Metric.Source.FLEET;
import static dev.zkload.runner.threshold.Metric.Source.GENERATOR;
import static dev.zkload.runner.threshold.Metric.Source.SERVERS;
import static dev.zkload.runner.threshold.Metric.Source.VERDICT;

import dev.zkload.bench.ops.Op;
import java.util.Arrays;
import java.util.List;

/**
 * Every metric a threshold may name, per command, in this one place: a command that offers
 * {@code --threshold} declares its catalog here, and supplies a {@link Measurements} that answers
 * for each of its metrics.
 */
public final class Catalogs {
    /** The seven operations, as results name them. */
    public static final List<String> OPS =
            Arrays.stream(Op.values()).map(Op::jsonName).toList();

    private static final Metric PERCENTILE = new Metric(
            Metric.PERCENTILE,
            Quantity.DURATION,
            OPS,
            EVERY_LEVEL,
            BENCHMARK,
            "a latency percentile of an operation (every operation without one), from the HdrHistogram logs:"
                    + " p50, p90, p99, p99.9 (also p999), any pN");
    private static final Metric MAX =
            new Metric("max", Quantity.DURATION, OPS, EVERY_LEVEL, BENCHMARK, "the largest latency of an operation");
    private static final Metric TPS = new Metric(
            "tps", Quantity.RATE, OPS, EVERY_LEVEL, BENCHMARK, "an operation's calls per second in the benchmark");
    private static final Metric ERROR_RATE = new Metric(
            "error-rate",
            Quantity.RATIO,
            OPS,
            EVERY_LEVEL,
            BENCHMARK,
            "failed benchmark calls over all calls (of one operation, or of all)");
    private static final Metric GENERATOR_CPU = new Metric(
            "generator-cpu",
            Quantity.RATIO,
            List.of(),
            EVERY_LEVEL,
            GENERATOR,
            "the runner's CPU over the settled load, of the cores it may use");
    private static final Metric EXPIRED = new Metric(
            "expired-sessions", Quantity.COUNT, List.of(), SUM_OF_LEVELS, FLEET, "simulated sessions that expired");
    private static final Metric FAILED_CALLS = new Metric(
            "failed-calls",
            Quantity.COUNT,
            List.of(),
            SUM_OF_LEVELS,
            FLEET,
            "ZooKeeper calls of the simulated sessions that failed");

    /** The ramp: {@code @N} is the step with N domains; without it, every load step. */
    public static final Catalog RAMP = new Catalog(
            "the ramp",
            "domains",
            List.of(
                    new Metric(
                            "max-stable-domains",
                            Quantity.COUNT,
                            List.of(),
                            RUN,
                            VERDICT,
                            "the most domains of a step judged stable (a lower bound unless the ramp saturated)"),
                    PERCENTILE,
                    MAX,
                    TPS,
                    ERROR_RATE,
                    EXPIRED,
                    new Metric(
                            "disconnected-sessions",
                            Quantity.COUNT,
                            List.of(),
                            SUM_OF_LEVELS,
                            FLEET,
                            "disconnections of the simulated sessions"),
                    FAILED_CALLS,
                    new Metric(
                            "failed-runs",
                            Quantity.COUNT,
                            List.of(),
                            SUM_OF_LEVELS,
                            FLEET,
                            "simulated job fires that failed"),
                    new Metric(
                            "outstanding-avg",
                            Quantity.COUNT,
                            List.of(),
                            EVERY_LEVEL,
                            SERVERS,
                            "the leader's average outstanding requests over the settled load"),
                    new Metric(
                            "outstanding-max",
                            Quantity.COUNT,
                            List.of(),
                            EVERY_LEVEL,
                            SERVERS,
                            "the leader's largest outstanding requests over the settled load"),
                    new Metric(
                            "leader-cpu",
                            Quantity.RATIO,
                            List.of(),
                            EVERY_LEVEL,
                            SERVERS,
                            "an embedded leader's CPU, of one core (100% is one core)"),
                    new Metric(
                            "leaderless",
                            Quantity.DURATION,
                            List.of(),
                            EVERY_LEVEL,
                            SERVERS,
                            "the longest time in a step with no leader"),
                    GENERATOR_CPU));

    /** {@code latency}: every target measured ({@code --per-server}: each server) must pass; no {@code @}. */
    public static final Catalog LATENCY = new Catalog("latency", null, List.of(PERCENTILE, MAX, TPS, ERROR_RATE));

    /** {@code simulate}: the hold is one level; no {@code @}. */
    public static final Catalog SIMULATE = new Catalog(
            "simulate",
            null,
            List.of(
                    footprint("znodes-per-domain", Quantity.COUNT, "znodes one domain added on the servers"),
                    footprint("watches-per-domain", Quantity.COUNT, "watches one domain set"),
                    footprint("ephemerals-per-domain", Quantity.COUNT, "ephemeral znodes of one domain"),
                    footprint("sessions-per-domain", Quantity.COUNT, "client sessions of one domain"),
                    footprint("writes-per-domain", Quantity.RATE, "write transactions per second of one domain"),
                    footprint(
                            "footprint-deviation",
                            Quantity.RATIO,
                            "the largest deviation of the measured footprint from the model's, of the model's"),
                    EXPIRED,
                    FAILED_CALLS,
                    GENERATOR_CPU));

    private Catalogs() {}

    private static Metric footprint(String name, Quantity quantity, String description) {
        return new Metric(name, quantity, List.of(), RUN, SERVERS, description);
    }
}
