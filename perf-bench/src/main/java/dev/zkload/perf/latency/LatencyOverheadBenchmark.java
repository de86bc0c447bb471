package dev.zkload.perf.latency;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.ops.LatencyBenchmark;
import dev.zkload.bench.ops.LatencyConfig;
import dev.zkload.bench.ops.LatencyListener;
import dev.zkload.bench.ops.Mode;
import dev.zkload.bench.ops.Op;
import dev.zkload.bench.result.OpStats;
import dev.zkload.bench.result.TargetResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Benchmark command (not a test): what does zkload's measuring cost? Against one forked standalone
 * server, each round runs the plain client's bare loops ({@link BareLoops}) and zkload's benchmark
 * in the same mode one after the other: the bare synchronous loop beside {@code --mode sync}, the
 * bare pipelined loop beside {@code --mode async}, both with the same window. Bare and zkload take
 * turns going first from one round to the next, so neither always meets a fresher server. After one
 * warm-up round it reports, per op, the median ops/s of {@code rounds} rounds and the median of the
 * rounds' zkload / bare ratios. Usage: {@code LatencyOverheadBenchmark [znodes=10000] [rounds=3]
 * [window=LatencyConfig's default] [async]}, with {@code -Dpin=true} the client on CPU 0 and the server
 * on CPU 1; see docs/performance.md for the script that runs it.
 */
public final class LatencyOverheadBenchmark {
    private LatencyOverheadBenchmark() {}

    public static void main(String[] args) throws Exception {
        int znodes = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int window = args.length > 2 ? Integer.parseInt(args[2]) : LatencyConfig.DEFAULT_WINDOW;
        // "async" alone skips the synchronous pair, which takes most of a round's time
        boolean withSync = args.length <= 3 || !args[3].equals("async");
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("1g").build()) {
            zk.start();
            CpuPinning.applyIfAsked(zk);
            String cs = zk.connectString();
            Series bareSync = new Series();
            Series zkSync = new Series();
            Series barePipelined = new Series();
            Series zkAsync = new Series();
            for (int round = 0; round <= rounds; round++) {
                boolean bareFirst = round % 2 == 0;
                Map<Op, Double> bs;
                Map<Op, Double> zs;
                Map<Op, Double> bp;
                Map<Op, Double> za;
                if (bareFirst) {
                    bs = withSync ? BareLoops.sync(cs, znodes) : null;
                    zs = withSync ? zkload(cs, znodes, Mode.SYNC, window) : null;
                    bp = BareLoops.pipelined(cs, znodes, window);
                    za = zkload(cs, znodes, Mode.ASYNC, window);
                } else {
                    zs = withSync ? zkload(cs, znodes, Mode.SYNC, window) : null;
                    bs = withSync ? BareLoops.sync(cs, znodes) : null;
                    za = zkload(cs, znodes, Mode.ASYNC, window);
                    bp = BareLoops.pipelined(cs, znodes, window);
                }
                if (round == 0) {
                    System.out.println("warm-up round done");
                    continue;
                }
                if (withSync) {
                    bareSync.add(bs, null);
                    zkSync.add(zs, bs);
                }
                barePipelined.add(bp, null);
                zkAsync.add(za, bp);
                StringBuilder line = new StringBuilder();
                for (Op op : Op.values()) {
                    line.append(String.format(Locale.ROOT, " %s %.3f", op.jsonName(), za.get(op) / bp.get(op)));
                }
                System.out.printf("round %d of %d, async / bare pipelined:%s%n", round, rounds, line);
            }
            System.out.printf(
                    Locale.ROOT,
                    "%n%d znodes of 100 bytes, standalone ZooKeeper %s, window %d, median of %d rounds (ops/s)%n%n",
                    znodes,
                    org.apache.zookeeper.Version.getFullVersion().split("-", 2)[0],
                    window,
                    rounds);
            printTable(bareSync, zkSync, barePipelined, zkAsync);
        }
    }

    /** The medians per op; a pair that did not run (the sync one, with "async") prints as NaN. */
    private static void printTable(Series bareSync, Series zkSync, Series barePipelined, Series zkAsync) {
        System.out.println("| op | bare sync loop | zkload sync | sync / bare | bare pipelined loop"
                + " | zkload async | async / bare |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|");
        for (Op op : Op.values()) {
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %.0f | %.0f | %.3f | %.0f | %.0f | %.3f |%n",
                    op.jsonName(),
                    bareSync.rate(op),
                    zkSync.rate(op),
                    zkSync.ratio(op),
                    barePipelined.rate(op),
                    zkAsync.rate(op),
                    zkAsync.ratio(op));
        }
    }

    static Map<Op, Double> zkload(String cs, int znodes, Mode mode, int window) throws Exception {
        return opsPerSec(zkloadRun(cs, znodes, mode, window));
    }

    static TargetResult zkloadRun(String cs, int znodes, Mode mode, int window) throws Exception {
        return LatencyBenchmark.run(
                        LatencyConfig.builder(cs)
                                .znodeCount(znodes)
                                .mode(mode)
                                .window(window)
                                .build(),
                        LatencyListener.NONE)
                .report()
                .targets()
                .get(0);
    }

    static Map<Op, Double> opsPerSec(TargetResult r) {
        Map<Op, Double> rates = new EnumMap<>(Op.class);
        for (Op op : Op.values()) {
            OpStats s = r.ops().get(op.jsonName());
            rates.put(op, s.opsPerSec());
        }
        return rates;
    }

    static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /** One contender's ops/s per round, and its ratio to the baseline of the same round. */
    private static final class Series {
        private final Map<Op, List<Double>> rates = new EnumMap<>(Op.class);
        private final Map<Op, List<Double>> ratios = new EnumMap<>(Op.class);

        void add(Map<Op, Double> round, Map<Op, Double> baseline) {
            for (Op op : Op.values()) {
                rates.computeIfAbsent(op, k -> new ArrayList<>()).add(round.get(op));
                if (baseline != null) {
                    ratios.computeIfAbsent(op, k -> new ArrayList<>()).add(round.get(op) / baseline.get(op));
                }
            }
        }

        double rate(Op op) {
            return rates.containsKey(op) ? median(rates.get(op)) : Double.NaN;
        }

        double ratio(Op op) {
            return ratios.containsKey(op) ? median(ratios.get(op)) : Double.NaN;
        }
    }
}
