package dev.zkload.perf.latency;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.ops.Mode;
import dev.zkload.bench.ops.Op;
import dev.zkload.bench.result.OpStats;
import dev.zkload.bench.result.TargetResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Benchmark command (not a test): throughput and latency of zkload's {@code --mode async} against
 * its window. Against one forked standalone server, each round runs the benchmark once per window
 * (the windows in turn, their order reversed every other round); after a warm-up round it reports,
 * per window, the median over {@code rounds} of each op's ops/s and of its median and 99th
 * percentile latency. Usage: {@code WindowSweep [znodes=10000] [rounds=3] [windows=1,8,32,...]}; with
 * {@code -Dpin=true}, see {@link CpuPinning}.
 */
public final class WindowSweep {
    private static final String WINDOWS = "1,8,32,64,128,256,512,1000,2000";

    private WindowSweep() {}

    public static void main(String[] args) throws Exception {
        int znodes = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        List<Integer> windows = new ArrayList<>();
        for (String w : (args.length > 2 ? args[2] : WINDOWS).split(",", -1)) {
            windows.add(Integer.parseInt(w.trim()));
        }
        // window -> op -> [ops/s, p50 ms, p99 ms] per round
        Map<Integer, Map<Op, List<double[]>>> results = new TreeMap<>(); // printed smallest window first
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("1g").build()) {
            zk.start();
            CpuPinning.applyIfAsked(zk);
            for (int round = 0; round <= rounds; round++) {
                List<Integer> order = new ArrayList<>(windows);
                if (round % 2 == 1) {
                    java.util.Collections.reverse(order);
                }
                for (int window : order) {
                    TargetResult r = LatencyOverheadBenchmark.zkloadRun(zk.connectString(), znodes, Mode.ASYNC, window);
                    if (round == 0) {
                        continue;
                    }
                    for (Op op : Op.values()) {
                        OpStats s = r.ops().get(op.jsonName());
                        results.computeIfAbsent(window, k -> new LinkedHashMap<>())
                                .computeIfAbsent(op, k -> new ArrayList<>())
                                .add(new double[] {s.opsPerSec(), s.p50Ms(), s.p99Ms()});
                    }
                }
                System.out.println(round == 0 ? "warm-up round done" : "round " + round + " of " + rounds + " done");
            }
        }
        System.out.printf(
                Locale.ROOT,
                "%n%d znodes of 100 bytes, zkload --mode async, median of %d rounds: ops/s (p50 ms / p99 ms)%n%n",
                znodes,
                rounds);
        StringBuilder head = new StringBuilder("| window |");
        StringBuilder rule = new StringBuilder("|---:|");
        for (Op op : Op.values()) {
            head.append(' ').append(op.jsonName()).append(" |");
            rule.append("---:|");
        }
        System.out.println(head);
        System.out.println(rule);
        results.forEach((window, byOp) -> {
            StringBuilder row = new StringBuilder("| " + window + " |");
            byOp.forEach((op, perRound) -> row.append(String.format(
                    Locale.ROOT,
                    " %.0f (%.2f / %.1f) |",
                    median(perRound, 0),
                    median(perRound, 1),
                    median(perRound, 2))));
            System.out.println(row);
        });
    }

    private static double median(List<double[]> perRound, int field) {
        List<Double> v = new ArrayList<>();
        for (double[] r : perRound) {
            v.add(r[field]);
        }
        return LatencyOverheadBenchmark.median(v);
    }
}
