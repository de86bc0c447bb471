package dev.zkload.runner.engine.run;

import dev.zkload.bench.client.Connections;
import dev.zkload.zk.connect.ConnectString;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import org.apache.zookeeper.ZooKeeper;

/**
 * The session of a command that works on a tree outside a run ({@code clean}'s {@link TreeRemover},
 * {@code model scan}'s reads): no run's lock, only the credentials of the command's options.
 */
public final class PlainClient {
    private PlainClient() {}

    /** A plain client with {@code security}'s credentials, on a chroot that exists. */
    public static ZooKeeper open(ConnectString cs, ClientSecuritySpec security, Duration timeout)
            throws IOException, InterruptedException {
        if (security.jaas() != null) {
            Jaas.use(security.jaas());
        }
        ZooKeeper zk = RefusedPorts.open(
                cs,
                timeout,
                wait -> Connections.open(
                        cs.toString(), security.security(Map.of()), timeout.multipliedBy(2), wait, null));
        try {
            Chroot.checkExists(zk, cs);
        } catch (RuntimeException e) {
            zk.close();
            throw e;
        }
        return zk;
    }

    /** Closes the session; an interrupt while it closes is kept for the caller, who may be cleaning up after Ctrl-C. */
    public static void close(ZooKeeper zk) {
        try {
            zk.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
