package dev.zkload.jmh.gate;

import java.util.List;
import java.util.Map;

/**
 * One benchmark under one set of parameters in a JMH JSON result, down to its forks and their
 * measurement iterations: what the gate resamples.
 *
 * @param benchmark  JMH's name, e.g. {@code dev.zkload.jmh.ops.GetBenchmark.get}
 * @param params     JMH parameters ({@code profile} among them)
 * @param mode       JMH's short mode name: {@code sample}, {@code avgt}, {@code thrpt}, {@code ss}
 * @param unit       the score unit, e.g. {@code us/op}
 * @param iterations per fork, per measurement iteration: its samples (sample mode) or its score
 */
record Measurement(
        String benchmark, Map<String, String> params, String mode, String unit, List<List<Iteration>> iterations) {
    Measurement {
        params = Map.copyOf(params);
        iterations = iterations.stream().map(List::copyOf).toList();
    }

    /** The operation: the benchmark method's name. */
    String op() {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }

    boolean sampled() {
        return mode.equals("sample");
    }

    /** In throughput mode a higher score is faster; in every time mode a higher score is slower. */
    boolean higherIsFaster() {
        return mode.equals("thrpt");
    }

    int forks() {
        return iterations.size();
    }

    /** One statistic of every iteration, per fork: a percentile of its samples, or its score. */
    double[][] per(Statistic statistic) {
        double[][] values = new double[iterations.size()][];
        for (int f = 0; f < values.length; f++) {
            values[f] = iterations.get(f).stream().mapToDouble(statistic::of).toArray();
        }
        return values;
    }
}
