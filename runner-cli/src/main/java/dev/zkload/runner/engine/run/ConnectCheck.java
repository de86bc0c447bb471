package dev.zkload.runner.engine.run;

import dev.zkload.bench.client.Connections;
import dev.zkload.runner.RunFailure;
import dev.zkload.zk.ZkClientSecurity;
import dev.zkload.zk.connect.ConnectString;
import java.io.IOException;
import java.time.Duration;
import org.apache.zookeeper.ZooKeeper;

/**
 * Checks that an ensemble answers, and takes the client's credentials, before any work starts, so an
 * unreachable {@code --connect} or a refused login ends within the connect timeout with one sentence
 * instead of a hang or a stack trace; and that the chroot of {@code --connect}, if any, exists.
 */
final class ConnectCheck {
    private ConnectCheck() {}

    static void check(ConnectString cs, ZkClientSecurity security, Duration timeout) throws InterruptedException {
        try {
            ZooKeeper zk = RefusedPorts.open(
                    cs,
                    timeout,
                    wait -> Connections.open(cs.toString(), security, timeout.multipliedBy(2), wait, null));
            try {
                Chroot.checkExists(zk, cs);
            } finally {
                zk.close();
            }
        } catch (IOException e) {
            throw new RunFailure(e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            // ZooKeeper's client refuses a key or trust store it cannot load this way
            throw new RunFailure("cannot connect to " + cs + ": " + e.getMessage(), e);
        }
    }
}
