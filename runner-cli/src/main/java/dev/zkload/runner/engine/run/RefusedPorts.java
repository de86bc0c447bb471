package dev.zkload.runner.engine.run;

import dev.zkload.bench.client.ConnectString;
import dev.zkload.bench.client.Connections;
import dev.zkload.bench.client.ServerAddress;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.zookeeper.ZooKeeper;

/**
 * Says "connection refused" at once where nothing listens, instead of waiting out the connect timeout:
 * ZooKeeper's client retries a refused port as patiently as a silent one. A first try gets a second;
 * when it does not connect, each server's port is knocked on, and when every one refuses, that is
 * the answer. A port that answers, or does not answer in time, gets the rest of the wait. A healthy
 * ensemble connects within the first try and is never knocked on.
 */
final class RefusedPorts {
    static final Duration FIRST_TRY = Duration.ofSeconds(1);
    private static final int KNOCK_MS = 1000;

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
            Optional<String> refused = refusedByEvery(cs);
            if (refused.isPresent()) {
                throw new IOException(refused.get(), e);
            }
        }
        return opener.open(timeout);
    }

    /** The sentence when every server of {@code cs} refuses a TCP connection; empty when one does not. */
    static Optional<String> refusedByEvery(ConnectString cs) {
        List<String> refused = new ArrayList<>();
        for (ServerAddress s : cs.servers()) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(s.host(), s.clientPort()), KNOCK_MS);
                return Optional.empty();
            } catch (ConnectException e) {
                refused.add(s.hostPort());
            } catch (IOException e) {
                return Optional.empty(); // no answer in time: a firewall or a hung host, the wait decides
            }
        }
        return Optional.of("cannot reach ZooKeeper at " + cs + ": "
                + (refused.size() == 1
                        ? "connection refused (nothing listens there"
                        : "every server refused the connection (nothing listens on any of them")
                + "; is the ensemble up and the address right?)");
    }
}
