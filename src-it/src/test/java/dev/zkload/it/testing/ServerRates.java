package dev.zkload.it.testing;

import dev.zkload.bench.stats.StatsClient;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What a server did over a measurement window, as the server itself counts it: write transactions
 * per second (the zxid's advance, one per transaction, failed writes included) and reads per second
 * (requests received, {@code zk_packets_received}, less those writes). Idle sessions' pings count
 * as reads; servers with the same sessions get the same number of them.
 *
 * @param seconds      the window's length
 * @param writesPerSec write transactions per second
 * @param readsPerSec  requests that wrote nothing, per second
 */
public record ServerRates(double seconds, double writesPerSec, double readsPerSec) {
    /**
     * Every server's rates over one window: each is read at its start and its end, one after the other
     * in the same order, so that their windows differ by milliseconds; each is timed on its own.
     */
    public static List<ServerRates> over(Duration window, StatsClient stats, List<ServerAddress> servers)
            throws IOException, InterruptedException {
        List<Counts> before = new ArrayList<>();
        for (ServerAddress s : servers) {
            before.add(Counts.of(stats, s));
        }
        TimeUnit.NANOSECONDS.sleep(window.toNanos()); // a measurement window, not a wait for a condition
        List<ServerRates> rates = new ArrayList<>();
        for (int i = 0; i < servers.size(); i++) {
            Counts from = before.get(i);
            Counts to = Counts.of(stats, servers.get(i));
            double seconds = (to.nanos() - from.nanos()) / 1e9;
            long writes = to.txns() - from.txns();
            long reads = to.packets() - from.packets() - writes;
            rates.add(new ServerRates(seconds, writes / seconds, reads / seconds));
        }
        return rates;
    }

    /** A server's counters, and when they were read (between its two answers). */
    private record Counts(long txns, long packets, long nanos) {
        static Counts of(StatsClient stats, ServerAddress server) throws IOException, InterruptedException {
            long txns = stats.summary(server).zxid();
            long nanos = System.nanoTime();
            long packets = Long.parseLong(stats.monitor(server).raw().get("zk_packets_received"));
            return new Counts(txns, packets, nanos);
        }
    }
}
