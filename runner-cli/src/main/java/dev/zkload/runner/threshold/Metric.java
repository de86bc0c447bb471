package dev.zkload.runner.threshold;

import java.util.List;

/**
 * A quantity a command measures and a threshold may name.
 *
 * @param name        as written in a threshold ({@code max-stable-domains}, {@code tps}); for percentiles the
 *                    family {@code p}, written {@code p50}, {@code p99.9}, {@code p999}
 * @param quantity    its kind and units
 * @param arguments   the values its argument may take ({@code p99(get)}); empty when it takes none
 * @param aggregate   how the levels of a run (the ramp's steps, latency's targets) combine when no {@code @LEVEL}
 *                    picks one
 * @param source      where the value comes from, which says when it was not observed
 * @param description one line for {@code --help} and the docs
 * @param recordedAs  the name an experiment's levels record it under ({@code measured} of {@code levels.jsonl}),
 *                    or null when it is not one of those
 */
public record Metric(
        String name,
        Quantity quantity,
        List<String> arguments,
        Aggregate aggregate,
        Source source,
        String description,
        String recordedAs) {

    /** A metric that is not read from an experiment level's {@code measured}. */
    public Metric(
            String name,
            Quantity quantity,
            List<String> arguments,
            Aggregate aggregate,
            Source source,
            String description) {
        this(name, quantity, arguments, aggregate, source, description, null);
    }

    /** How a metric's value over several levels (steps, targets) is combined. */
    public enum Aggregate {
        /** One value for the whole run ({@code max-stable-domains}). */
        RUN,
        /** The threshold must hold at every level measured (latencies, rates, the leader's queue). */
        EVERY_LEVEL,
        /** The levels' counts add up to the run's ({@code expired-sessions}: events over the run). */
        SUM_OF_LEVELS
    }

    /**
     * Where a value comes from. A level in which the load generator was the bottleneck observed nothing
     * about the ensemble, only about the generator; a level without the servers' statistics observed
     * nothing from them.
     */
    public enum Source {
        /** The seven-op benchmark's own calls. */
        BENCHMARK,
        /** The servers' statistics (mntr/srvr/cons) or their processes. */
        SERVERS,
        /** The simulated sessions' client-side counters. */
        FLEET,
        /** The runner measuring itself: observed even when it was the bottleneck. */
        GENERATOR,
        /** The run's verdict, judged over its steps. */
        VERDICT
    }

    /** The family of percentile metrics: {@code p} followed by the percentile. */
    public static final String PERCENTILE = "p";

    public Metric {
        arguments = List.copyOf(arguments);
    }

    boolean percentile() {
        return name.equals(PERCENTILE);
    }

    /** How the metric is written in help and docs: {@code pN(op)}, {@code error-rate(op)}, {@code expired-sessions}. */
    public String signature() {
        String head = percentile() ? "pN" : name;
        return arguments.isEmpty() ? head : head + "(op)";
    }
}
