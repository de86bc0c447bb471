package dev.zkload.it.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A loopback TCP forwarder in front of one ZooKeeper server that can cut its clients off: while
 * cut, it drops every connection and hangs up on new ones at once, as a network partition between
 * the clients' host and the ensemble does. The server, hearing nothing, expires the sessions after
 * their timeout; healed, the clients reconnect and learn that their sessions are gone.
 */
public final class TcpProxy implements AutoCloseable {
    private final ServerSocket listener;
    private final int targetPort;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean cut;

    public TcpProxy(int targetPort) throws IOException {
        this.targetPort = targetPort;
        this.listener = new ServerSocket();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread acceptor = new Thread(this::accept, "proxy-" + targetPort);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public String hostPort() {
        return "127.0.0.1:" + listener.getLocalPort();
    }

    /** Drops every connection and refuses service until {@link #heal()}. */
    public void cut() {
        cut = true;
        open.forEach(TcpProxy::closeQuietly);
    }

    public void heal() {
        cut = false;
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                if (cut) {
                    closeQuietly(client);
                    continue;
                }
                Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                open.add(client);
                open.add(server);
                pump(client, server);
                pump(server, client);
            } catch (IOException e) {
                // the listener closed, or the server is down: the client sees a hang-up and retries
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread t = new Thread(
                () -> {
                    byte[] buffer = new byte[16 * 1024];
                    try (InputStream in = from.getInputStream();
                            OutputStream out = to.getOutputStream()) {
                        int n;
                        while ((n = in.read(buffer)) >= 0) {
                            out.write(buffer, 0, n);
                        }
                    } catch (IOException e) {
                        // either side hung up
                    } finally {
                        closeQuietly(from);
                        closeQuietly(to);
                        open.remove(from);
                        open.remove(to);
                    }
                },
                "proxy-pump");
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing is all we wanted
        }
    }

    /**
     * A proxy in front of each of the given server ports, in a process of its own, so that a signal can
     * freeze it (SIGSTOP) as a partition between the clients and the ensemble: prints each proxy's
     * {@code host:port} on a line, then forwards until its standard input closes.
     */
    public static void main(String[] serverPorts) throws IOException {
        List<TcpProxy> proxies = new ArrayList<>();
        for (String port : serverPorts) {
            proxies.add(new TcpProxy(Integer.parseInt(port)));
        }
        proxies.forEach(p -> System.out.println(p.hostPort()));
        System.out.flush();
        while (System.in.read() >= 0) {
            // the test keeps this pipe open while it needs the proxies
        }
        for (TcpProxy p : proxies) {
            p.close();
        }
    }

    @Override
    public void close() throws IOException {
        cut();
        listener.close();
    }
}
