package dev.zkload.bench.perf;

import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.bench.ops.LatencyBenchmark;
import dev.zkload.bench.ops.LatencyConfig;
import dev.zkload.bench.ops.LatencyListener;
import dev.zkload.bench.ops.Mode;
import dev.zkload.bench.ops.Op;
import dev.zkload.bench.result.TargetResult;
import dev.zkload.bench.testing.ZkClients;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;

/**
 * Benchmark command (not a test): what does zkload's measuring cost? Against one forked standalone
 * server it runs, interleaved, a bare loop of the plain ZooKeeper client doing the seven calls
 * (no timing per call, no histogram) and zkload's SYNC benchmark, then zkload's ASYNC benchmark;
 * after one warm-up round of each it reports the median of {@code rounds} rounds, per op, and the
 * ratio zkload-sync / bare. Usage: {@code LatencyOverheadBenchmark [znodes=10000] [rounds=3]};
 * see docs/performance.md for the script that runs it.
 */
public final class LatencyOverheadBenchmark {
    private LatencyOverheadBenchmark() {}

    public static void main(String[] args) throws Exception {
        int znodes = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("1g").build()) {
            zk.start();
            String cs = zk.connectString();
            Map<Op, List<Double>> bare = new EnumMap<>(Op.class);
            Map<Op, List<Double>> sync = new EnumMap<>(Op.class);
            Map<Op, List<Double>> async = new EnumMap<>(Op.class);
            for (int round = 0; round <= rounds; round++) {
                Map<Op, Double> b = bareLoop(cs, znodes);
                Map<Op, Double> s = zkload(cs, znodes, Mode.SYNC);
                Map<Op, Double> a = zkload(cs, znodes, Mode.ASYNC);
                if (round == 0) {
                    System.out.println("warm-up round done");
                    continue;
                }
                for (Op op : Op.values()) {
                    bare.computeIfAbsent(op, k -> new ArrayList<>()).add(b.get(op));
                    sync.computeIfAbsent(op, k -> new ArrayList<>()).add(s.get(op));
                    async.computeIfAbsent(op, k -> new ArrayList<>()).add(a.get(op));
                }
                System.out.printf("round %d of %d done%n", round, rounds);
            }
            System.out.printf(
                    "%n%d znodes of 100 bytes, standalone ZooKeeper %s, median of %d rounds (ops/s)%n%n",
                    znodes, org.apache.zookeeper.Version.getFullVersion().split("-", 2)[0], rounds);
            System.out.println("| op | bare client loop | zkload sync | sync / bare | zkload async (window 1000) |");
            System.out.println("|---|---:|---:|---:|---:|");
            for (Op op : Op.values()) {
                double b = median(bare.get(op));
                double s = median(sync.get(op));
                System.out.printf(
                        Locale.ROOT,
                        "| %s | %.0f | %.0f | %.3f | %.0f |%n",
                        op.jsonName(),
                        b,
                        s,
                        s / b,
                        median(async.get(op)));
            }
        }
    }

    private static Map<Op, Double> zkload(String cs, int znodes, Mode mode) throws Exception {
        TargetResult r = LatencyBenchmark.run(
                        LatencyConfig.builder(cs).znodeCount(znodes).mode(mode).build(), LatencyListener.NONE)
                .report()
                .targets()
                .get(0);
        Map<Op, Double> rates = new EnumMap<>(Op.class);
        for (Op op : Op.values()) {
            rates.put(op, r.ops().get(op.jsonName()).opsPerSec());
        }
        return rates;
    }

    /** The same seven calls with the plain client and nothing else: the baseline. */
    private static Map<Op, Double> bareLoop(String cs, int znodes) throws Exception {
        Map<Op, Double> rates = new EnumMap<>(Op.class);
        ZooKeeper zk = ZkClients.connect(cs);
        try {
            byte[] data = new byte[100];
            zk.create("/bare", new byte[0], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            String[] p = new String[znodes];
            String[] e = new String[znodes];
            for (int i = 0; i < znodes; i++) {
                p[i] = "/bare/p" + i;
                e[i] = "/bare/e" + i;
            }
            org.apache.zookeeper.Watcher w = event -> {};
            for (Op op : Op.values()) {
                long start = System.nanoTime();
                for (int i = 0; i < znodes; i++) {
                    switch (op) {
                        case CREATE -> zk.create(p[i], data, Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                        case SET -> zk.setData(p[i], data, -1);
                        case GET -> zk.getData(p[i], false, null);
                        case DELETE -> zk.delete(p[i], -1);
                        case CREATE_EPHEMERAL -> zk.create(e[i], data, Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
                        case WATCH -> zk.exists(e[i], w);
                        case DELETE_EPHEMERAL -> zk.delete(e[i], -1);
                        default -> throw new IllegalStateException();
                    }
                }
                rates.put(op, znodes / ((System.nanoTime() - start) / 1e9));
            }
            zk.delete("/bare", -1);
        } finally {
            zk.close();
        }
        return rates;
    }

    private static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
