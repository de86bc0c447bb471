package dev.zkload.perf.sim;

import dev.zkload.bench.client.Connections;
import dev.zkload.bench.ensemble.LocalEnsemble;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.SaturnModel;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.ZooKeeper;

/**
 * Benchmark command (not a test): how fast domains register by each way of writing their persistent
 * trees, against the server's own pipelined create rate, all on one fresh server in one run. Each
 * round adds the same number of domains (runs paused, so that only the add is measured) with the
 * trees pipelined, and with each domain's tree sent one request at a time, each fleet closed before the
 * next begins, and writes as many znodes as the trees held with a bare multi-create ({@link
 * BareMultiCreate}): the server's rate. A first round, not reported, warms the server and the JVM; the
 * reported rounds rotate the three so that none always runs first or last on a server that keeps
 * warming. Run with {@code bench/registration.sh [domains] [rounds]} (default 100 domains, 3 rounds).
 */
// DomainFleet.close() declares InterruptedException; no benchmark thread is ever interrupted
@SuppressWarnings("try")
public final class RegistrationBenchmark {
    private RegistrationBenchmark() {}

    public static void main(String[] args) throws Exception {
        int domains = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        List<String> rows = new ArrayList<>();
        try (LocalEnsemble zk = LocalEnsemble.builder().servers(1).heap("8g").build()) {
            zk.start();
            ZooKeeper client =
                    Connections.open(zk.connectString(), Duration.ofSeconds(30), Duration.ofSeconds(30), e -> {});
            try {
                long treeZnodes = add(zk.connectString(), domains, true).treeZnodes; // the warm-up round
                add(zk.connectString(), domains, false);
                BareMultiCreate.seconds(client, "/zkload/bare", treeZnodes);
                for (int round = 1; round <= rounds; round++) {
                    Add pipelined = null;
                    Add serial = null;
                    double bareSeconds = 0;
                    for (int i = 0; i < 3; i++) {
                        switch ((round + i) % 3) {
                            case 0 -> pipelined = add(zk.connectString(), domains, true);
                            case 1 -> serial = add(zk.connectString(), domains, false);
                            default -> bareSeconds = BareMultiCreate.seconds(client, "/zkload/bare", treeZnodes);
                        }
                    }
                    double createRate = treeZnodes / bareSeconds;
                    rows.add(pipelined.row(round, "pipelined", createRate));
                    rows.add(serial.row(round, "serial", createRate));
                    rows.add(String.format(
                            Locale.ROOT,
                            "| %d | bare multi-create | %.2f | %,.0f | 1.00 | | | |",
                            round,
                            bareSeconds,
                            createRate));
                    System.out.println("<!-- round " + round + " of " + rounds + " done -->");
                }
            } finally {
                client.close();
            }
        }
        System.out.println("| round | trees | trees s | znodes/s | of the server's create rate | add s | domains/s"
                + " | trees' share of the add |");
        System.out.println("|---:|---|---:|---:|---:|---:|---:|---:|");
        rows.forEach(System.out::println);
        System.out.printf(
                Locale.ROOT,
                "%d domains (the Saturn 2.1 model) a round, runs paused, on one standalone server%n",
                domains);
    }

    /** Adds the domains to a fleet of their own and reads where the add's time went from its meters. */
    private static Add add(String connectString, int domains, boolean pipelinedTrees) throws Exception {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        try (DomainFleet fleet = DomainFleet.builder(connectString)
                .root("/zkload/registration")
                .model(SaturnModel.saturn21())
                .jobRuns(false)
                .pipelinedTrees(pipelinedTrees)
                .addTimeout(Duration.ofMinutes(30))
                .meterRegistry(meters)
                .build()) {
            fleet.start();
            fleet.addDomains(domains);
            return new Add(
                    domains,
                    meters.get("zkload.sim.add.trees").timer().totalTime(TimeUnit.NANOSECONDS) / 1e9,
                    Math.round(
                            meters.get("zkload.sim.add.tree.znodes").counter().count()),
                    meters.get("zkload.sim.add.registration").timer().totalTime(TimeUnit.NANOSECONDS) / 1e9);
        }
    }

    /** One add: its trees, their znodes, and the sessions' registration after them. */
    private record Add(int domains, double treeSeconds, long treeZnodes, double registrationSeconds) {
        String row(int round, String trees, double createRate) {
            double znodesPerSecond = treeZnodes / treeSeconds;
            double addSeconds = treeSeconds + registrationSeconds;
            return String.format(
                    Locale.ROOT,
                    "| %d | %s | %.2f | %,.0f | %.2f | %.1f | %.2f | %.1f%% |",
                    round,
                    trees,
                    treeSeconds,
                    znodesPerSecond,
                    znodesPerSecond / createRate,
                    addSeconds,
                    domains / addSeconds,
                    100 * treeSeconds / addSeconds);
        }
    }
}
