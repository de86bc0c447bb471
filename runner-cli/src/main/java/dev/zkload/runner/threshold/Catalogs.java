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
import dev.zkload.runner.result.RunKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * Every metric a threshold may name, per command, in this one place: a command that offers
 * {@code --threshold} declares its catalog here, and supplies a {@link Measurements} that answers
 * for each of its metrics. One table per command, side by side, is what keeps the metric names, units and docs/thresholds.md in step (a test reads
 * them all); split per command, the shared naming rules would be written once per file.
 */
public final class Catalogs {
    /** The seven operations, as results name them. */
    public static final List<String> OPS =
            Arrays.stream(Op.values()).map(Op::jsonName).toList();

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
            "step",
            "domains",
            Stream.of(
                            List.of(new Metric(
                                    "max-stable-domains",
                                    Quantity.COUNT,
                                    List.of(),
                                    RUN,
                                    VERDICT,
                                    "the most domains of a step judged stable (a lower bound unless the ramp"
                                            + " saturated)")),
                            benchmark(OPS),
                            List.of(
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
                                    GENERATOR_CPU))
                    .flatMap(List::stream)
                    .toList());

    /** {@code latency}: every target measured ({@code --per-server}: each server) must pass; no {@code @}. */
    public static final Catalog LATENCY = new Catalog("latency", null, null, benchmark(OPS));

    /** {@code simulate}: the hold is one level; no {@code @}. */
    public static final Catalog SIMULATE = new Catalog(
            "simulate",
            null,
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

    /**
     * {@code connections}: {@code @N} is the level with N clients; each phase of the clients' work is an
     * operation.
     */
    public static final Catalog CONNECTIONS = new Catalog(
            "connections",
            "level",
            "clients",
            metrics(
                    benchmark(List.of("create", "get", "set", "delete")),
                    measured(
                            "leader-outstanding-max",
                            Quantity.COUNT,
                            "leaderOutstandingMax",
                            "the most requests the leader held outstanding"),
                    measured(
                            "follower-outstanding-max",
                            Quantity.COUNT,
                            "followerOutstandingMax",
                            "the most requests any follower held outstanding"),
                    measured(
                            "observer-outstanding-max",
                            Quantity.COUNT,
                            "observerOutstandingMax",
                            "the most requests any observer held outstanding"),
                    measured("fsync-avg", Quantity.DURATION, "fsyncMsAvg", "the leader's mean fsync time"),
                    new Metric(
                            "connection-losses",
                            Quantity.COUNT,
                            List.of(),
                            SUM_OF_LEVELS,
                            BENCHMARK,
                            "the clients' lost connections",
                            "connectionLosses"),
                    new Metric(
                            "session-expiries",
                            Quantity.COUNT,
                            List.of(),
                            SUM_OF_LEVELS,
                            BENCHMARK,
                            "the clients' expired sessions",
                            "sessionExpiries"),
                    GENERATOR_CPU));

    /** {@code znodes}: {@code @N} is the level filled with N znodes ({@code @100k}). */
    public static final Catalog ZNODES = new Catalog(
            "znodes",
            "level",
            "znodes",
            metrics(
                    benchmark(OPS),
                    measured(
                            "snapshot-avg",
                            Quantity.DURATION,
                            "snapshotMsAvg",
                            "the leader's mean snapshot time during the level"),
                    measured(
                            "snapshot-size",
                            Quantity.BYTES,
                            "snapshotBytes",
                            "the leader's newest snapshot file (embedded ensembles only)"),
                    GENERATOR_CPU));

    /** {@code data-size}: {@code @N} is the level of N bytes per znode ({@code @10k}). */
    public static final Catalog DATA_SIZE =
            new Catalog("data-size", "level", "bytes", metrics(benchmark(OPS), GENERATOR_CPU));

    /** {@code max-rate}: one answer for the run; the rates tried are a search, not levels to pick. */
    public static final Catalog MAX_RATE = new Catalog(
            "max-rate",
            null,
            "calls/s",
            List.of(
                    new Metric(
                            "max-rate",
                            Quantity.RATE,
                            List.of("get", "exists", "set", "create", "delete"),
                            RUN,
                            VERDICT,
                            "the highest rate that held (a lower bound when the runner was the limit or the"
                                    + " search did not converge); of one operation, its share of the mix at that"
                                    + " rate"),
                    GENERATOR_CPU));

    /** {@code disrupt}: {@code @N} is the level of N domains the fault struck. */
    public static final Catalog DISRUPT = new Catalog(
            "disrupt",
            "level",
            "domains",
            metrics(
                    benchmark(OPS),
                    fault(
                            "recovery-time",
                            Quantity.DURATION,
                            "recoveryMs",
                            "from the fault to the ensemble and the"
                                    + " fleet back (not observed when they were not back within --recovery-timeout)"),
                    fault("leaderless-time", Quantity.DURATION, "leaderlessMs", "time in which no server led"),
                    fault(
                            "sessions-back-time",
                            Quantity.DURATION,
                            "sessionsBackMs",
                            "from the fault to every simulated session connected, none lost for 2 s"),
                    fault(
                            "footprint-back-time",
                            Quantity.DURATION,
                            "footprintBackMs",
                            "from the fault to the ephemerals and watches held before it"),
                    fault("expired-sessions", Quantity.COUNT, "sessionsExpired", "simulated sessions that expired"),
                    fault(
                            "disconnected-sessions",
                            Quantity.COUNT,
                            "sessionsDisconnected",
                            "disconnections of the simulated sessions"),
                    fault("failed-calls", Quantity.COUNT, "failedCalls", "calls of the simulated sessions that failed"),
                    fault(
                            "reshards",
                            Quantity.COUNT,
                            "reshards",
                            "the consoles' reshards that wrote a new assignment (one multi each)"),
                    fault("reshard-writes", Quantity.COUNT, "reshardWrites", "the znodes the consoles' reshards set"),
                    fault(
                            "outstanding-max",
                            Quantity.COUNT,
                            "leaderOutstandingMax",
                            "the most requests queued on the leader from the fault to the recovery"),
                    GENERATOR_CPU));

    private Catalogs() {}

    /**
     * The catalog of the command that wrote a results folder.
     *
     * @param swept what a {@code watches} run swept, as its settings record it ({@code watches} or
     *              {@code watchersPerZnode}); ignored for the other commands
     */
    public static Catalog of(RunKind kind, String swept) {
        return switch (kind) {
            case RAMP -> RAMP;
            case LATENCY -> LATENCY;
            case SIMULATE -> SIMULATE;
            case CONNECTIONS -> CONNECTIONS;
            case ZNODES -> ZNODES;
            case DATA_SIZE -> DATA_SIZE;
            case MAX_RATE -> MAX_RATE;
            case DISRUPT -> DISRUPT;
            case WATCHES -> watches("watchersPerZnode".equals(swept) ? "watchers per znode" : "watches");
        };
    }

    /**
     * {@code watches}: {@code @N} is the level with N watches, or N watchers per znode when those are swept.
     *
     * @param swept what the levels count, as the run swept it
     */
    public static Catalog watches(String swept) {
        return new Catalog(
                "watches",
                "level",
                swept,
                metrics(
                        benchmark(List.of("set")),
                        measured(
                                "notification-p50",
                                Quantity.DURATION,
                                "notificationP50Ms",
                                "median notification latency, from the set's send"),
                        measured(
                                "notification-p99",
                                Quantity.DURATION,
                                "notificationP99Ms",
                                "p99 notification latency, from the set's send"),
                        measured(
                                "notification-max",
                                Quantity.DURATION,
                                "notificationMaxMs",
                                "the largest notification latency"),
                        new Metric(
                                "notifications-missed",
                                Quantity.COUNT,
                                List.of(),
                                SUM_OF_LEVELS,
                                BENCHMARK,
                                "notifications the sets owed that did not arrive within 30 s"),
                        GENERATOR_CPU));
    }

    /** The benchmark's latency, rate and error metrics over {@code ops}, the operations a command measures. */
    private static List<Metric> benchmark(List<String> ops) {
        return List.of(
                new Metric(
                        Metric.PERCENTILE,
                        Quantity.DURATION,
                        ops,
                        EVERY_LEVEL,
                        BENCHMARK,
                        "a latency percentile of an operation (every operation without one): p50, p90, p99,"
                                + " p99.9 (also p999); any pN where the run kept HdrHistogram logs (the ramp, latency)"),
                new Metric(
                        "max", Quantity.DURATION, ops, EVERY_LEVEL, BENCHMARK, "the largest latency of an operation"),
                new Metric("tps", Quantity.RATE, ops, EVERY_LEVEL, BENCHMARK, "an operation's calls per second"),
                new Metric(
                        "error-rate",
                        Quantity.RATIO,
                        ops,
                        EVERY_LEVEL,
                        BENCHMARK,
                        "failed calls over all calls (of one operation, or of all)"));
    }

    /** A level figure of the servers an experiment records in its levels' {@code measured}. */
    private static Metric measured(String name, Quantity quantity, String recordedAs, String description) {
        return new Metric(name, quantity, List.of(), EVERY_LEVEL, SERVERS, description, recordedAs);
    }

    /** A figure of one fault at one level, as {@code disrupt} records it in its levels' {@code measured}. */
    private static Metric fault(String name, Quantity quantity, String recordedAs, String description) {
        return new Metric(name, quantity, List.of(), EVERY_LEVEL, FLEET, description, recordedAs);
    }

    /** The benchmark's metrics followed by the command's own. */
    private static List<Metric> metrics(List<Metric> benchmark, Metric... own) {
        List<Metric> all = new ArrayList<>(benchmark);
        all.addAll(Arrays.asList(own));
        return List.copyOf(all);
    }

    private static Metric footprint(String name, Quantity quantity, String description) {
        return new Metric(name, quantity, List.of(), RUN, SERVERS, description);
    }
}
