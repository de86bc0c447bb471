package dev.zkload.zk.connect;

import java.util.Objects;

/**
 * One ZooKeeper server as zkload reaches it: the client port, and the AdminServer HTTP port
 * where it is known ({@code 0} when it is not, in which case ZooKeeper's default 8080 is tried).
 *
 * @param host       host name or IP literal (IPv6 without brackets)
 * @param clientPort the client port (also the four-letter-word port), 1–65535
 * @param adminPort  the AdminServer port, 1–65535, or 0 when unknown
 */
public record ServerAddress(String host, int clientPort, int adminPort) {
    /** ZooKeeper's default {@code admin.serverPort}. */
    public static final int DEFAULT_ADMIN_PORT = 8080;

    /**
     * A server; the ports are checked.
     *
     * @param host host name or IP literal (IPv6 without brackets)
     * @param clientPort the client port, 1–65535
     * @param adminPort the AdminServer port, 1–65535, or 0 when unknown
     */
    public ServerAddress {
        Objects.requireNonNull(host, "host");
        if (host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank");
        }
        checkPort("clientPort", clientPort, false);
        checkPort("adminPort", adminPort, true);
    }

    /**
     * A server whose AdminServer port is not known.
     *
     * @param host host name or IP literal
     * @param clientPort the client port
     */
    public ServerAddress(String host, int clientPort) {
        this(host, clientPort, 0);
    }

    /** {@return the AdminServer port to try: the known one, else ZooKeeper's default} */
    public int adminPortOrDefault() {
        return adminPort == 0 ? DEFAULT_ADMIN_PORT : adminPort;
    }

    /** {@return {@code host:port} as it appears in a connect string (IPv6 literals in brackets)} */
    public String hostPort() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + clientPort;
    }

    @Override
    public String toString() {
        return hostPort();
    }

    private static void checkPort(String name, int port, boolean zeroAllowed) {
        if ((port == 0 && !zeroAllowed) || port < 0 || port > 65535) {
            throw new IllegalArgumentException(name + " must be between 1 and 65535, got " + port);
        }
    }
}
