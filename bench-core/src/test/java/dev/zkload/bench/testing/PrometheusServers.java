package dev.zkload.bench.testing;

import dev.zkload.bench.ensemble.LocalEnsemble;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;

/**
 * A forked server that serves ZooKeeper's own Prometheus endpoint (its metrics provider, on a free loopback port),
 * and a load that makes it work: what zkload reads of a server on another machine, on this one.
 */
public final class PrometheusServers {
    private static final String PROVIDER = "org.apache.zookeeper.metrics.prometheus.PrometheusMetricsProvider";

    private PrometheusServers() {}

    /** A standalone server, not started, whose endpoint is {@code http://127.0.0.1:port/metrics}. */
    public static LocalEnsemble standalone(int port) {
        return LocalEnsemble.builder()
                .servers(1)
                .heap("256m")
                .zooCfg("metricsProvider.className", PROVIDER)
                .zooCfg("metricsProvider.httpHost", "127.0.0.1")
                .zooCfg("metricsProvider.httpPort", Integer.toString(port))
                .build();
    }

    /** Writes enough to the server for it to spend a measurable second or so of CPU. */
    public static void work(String hostPort) throws IOException, InterruptedException {
        ZooKeeper client = ZkClients.connect(hostPort);
        try {
            for (int i = 0; i < 4000; i++) {
                client.create("/p" + i, new byte[512], Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            }
        } catch (org.apache.zookeeper.KeeperException e) {
            throw new IOException(e);
        } finally {
            client.close();
        }
    }

    /** A loopback port nothing listens on now. */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
