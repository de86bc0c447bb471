package dev.zkload.bench.ensemble;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/** Picks ports that are free on 127.0.0.1 right now; all sockets stay open until every port is picked, so no two picks collide. */
final class FreePorts {
    private FreePorts() {}

    static List<Integer> pick(int count) {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            List<Integer> ports = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                sockets.add(s);
                ports.add(s.getLocalPort());
            }
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find free ports on 127.0.0.1: " + e.getMessage(), e);
        } finally {
            for (ServerSocket s : sockets) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // the port is released either way
                }
            }
        }
    }
}
