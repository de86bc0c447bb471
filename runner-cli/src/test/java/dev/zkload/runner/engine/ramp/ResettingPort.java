package dev.zkload.runner.engine.ramp;

import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * A loopback port that takes each connection and resets it at once, without a byte: what a ZooKeeper server
 * past its {@code maxClientCnxns} does to a new connection from the same address (and also what a stalled
 * server's port does once its accept queue is full).
 */
final class ResettingPort implements AutoCloseable {
    private final ServerSocket socket;

    ResettingPort() throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread resetter = new Thread(() -> {
            while (!socket.isClosed()) {
                try (Socket c = socket.accept()) {
                    c.setSoLinger(true, 0);
                } catch (IOException closed) {
                    return;
                }
            }
        });
        resetter.setDaemon(true);
        resetter.start();
    }

    ServerAddress address() {
        return new ServerAddress("127.0.0.1", socket.getLocalPort());
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
