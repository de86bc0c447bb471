package dev.zkload.runner.engine.run;

import dev.zkload.bench.client.ConnectString;
import dev.zkload.bench.client.Connections;
import dev.zkload.runner.RunFailure;
import java.io.IOException;
import java.time.Duration;

/**
 * Checks that an ensemble answers before any work starts, so an unreachable {@code --connect}
 * ends within the connect timeout with one sentence instead of a hang or a stack trace.
 */
final class Reachability {
    private Reachability() {}

    static void check(ConnectString cs, Duration timeout) throws InterruptedException {
        try {
            Connections.open(cs.toString(), timeout.multipliedBy(2), timeout, null)
                    .close();
        } catch (IOException e) {
            throw new RunFailure(e.getMessage(), e);
        }
    }
}
