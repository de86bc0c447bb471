package dev.zkload.runner.engine.run;

import dev.zkload.bench.client.Connections;
import dev.zkload.zk.connect.ConnectDiagnosis;
import dev.zkload.zk.connect.ConnectString;
import java.io.IOException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Optional;
import org.apache.zookeeper.ZooKeeper;

/**
 * Says "connection refused" at once where nothing listens, instead of waiting out the connect timeout:
 * ZooKeeper's client retries a refused port as patiently as a silent one. A first try gets a second;
 * when it does not connect, each server's port is knocked on ({@link ConnectDiagnosis}, which also says why a
 * fleet's start found no session), and when every one refuses, that is the answer. A port that answers, or does
 * not answer in time, gets the rest of the wait. A healthy ensemble connects within the first try and is never
 * knocked on.
 */
final class RefusedPorts {
    static final Duration FIRST_TRY = Duration.ofSeconds(1);

    /** Opens a session that must connect within {@code connectTimeout}. */
    interface Opener {
        ZooKeeper open(Duration connectTimeout) throws IOException, InterruptedException;
    }

    private RefusedPorts() {}

    static ZooKeeper open(ConnectString cs, Duration timeout, Opener opener) throws IOException, InterruptedException {
        if (timeout.compareTo(FIRST_TRY.multipliedBy(2)) <= 0) {
            return opener.open(timeout);
        }
        try {
            return opener.open(FIRST_TRY);
        } catch (UnknownHostException | Connections.AuthenticationFailedException e) {
            throw e; // answers of their own
        } catch (IOException e) {
            Optional<String> refused = ConnectDiagnosis.refusedByEvery(cs);
            if (refused.isPresent()) {
                throw new IOException(refused.get(), e);
            }
        }
        return opener.open(timeout);
    }
}
