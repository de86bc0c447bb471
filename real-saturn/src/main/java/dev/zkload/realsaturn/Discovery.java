package dev.zkload.realsaturn;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * The one console API a Saturn executor calls before it connects: {@code GET /rest/v1/discovery},
 * which names the ZooKeeper connect string of the executor's namespace.
 */
final class Discovery implements AutoCloseable {
    private final HttpServer server;

    private Discovery(HttpServer server) {
        this.server = server;
    }

    static Discovery start(String connect) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        byte[] body = ("{\"zkConnStr\":\"" + connect + "\"}").getBytes(StandardCharsets.UTF_8);
        server.createContext("/rest/v1/discovery", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        return new Discovery(server);
    }

    String uri() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
