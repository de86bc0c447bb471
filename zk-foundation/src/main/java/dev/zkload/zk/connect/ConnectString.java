package dev.zkload.zk.connect;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A parsed ZooKeeper connect string: {@code host[:port][,host[:port]...][/chroot]}.
 *
 * <p>Parsing is strict on purpose: a typo in {@code --connect} should fail at once with a
 * sentence naming the bad part, not after a connection timeout.
 *
 * @param servers the servers, in the order given; never empty
 * @param chroot  the chroot suffix ({@code "/a/b"}), or {@code ""} when there is none
 */
public record ConnectString(List<ServerAddress> servers, String chroot) {
    /** ZooKeeper's default client port, for a server given without one. */
    public static final int DEFAULT_CLIENT_PORT = 2181;

    /**
     * A connect string of these servers and chroot; the list is copied.
     *
     * @param servers the servers, at least one
     * @param chroot the chroot suffix, or {@code ""} (or null) for none
     */
    public ConnectString {
        servers = List.copyOf(servers);
        if (servers.isEmpty()) {
            throw new IllegalArgumentException("a connect string needs at least one server");
        }
        if (chroot == null) {
            chroot = "";
        }
    }

    /**
     * Parses {@code text}.
     *
     * @param text {@code host[:port][,host[:port]...][/chroot]}
     * @return the servers and the chroot
     * @throws IllegalArgumentException with a message naming the part that is wrong
     */
    public static ConnectString parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("the connect string is empty");
        }
        String hosts = text.trim();
        String chroot = "";
        int slash = hosts.indexOf('/');
        if (slash >= 0) {
            chroot = hosts.substring(slash);
            hosts = hosts.substring(0, slash);
            if (chroot.equals("/")) {
                chroot = "";
            } else if (chroot.endsWith("/") || chroot.contains("//")) {
                throw new IllegalArgumentException("invalid chroot '" + chroot + "' in connect string '" + text + "'");
            }
        }
        List<ServerAddress> servers = new ArrayList<>();
        for (String part : hosts.split(",", -1)) {
            servers.add(parseServer(part.trim(), text));
        }
        return new ConnectString(servers, chroot);
    }

    /**
     * The first host that does not resolve to an address. ZooKeeper's client logs an error with a
     * stack trace for such a host every second until the connect timeout; a typo should instead fail
     * at once, in one sentence.
     *
     * @return the host, or empty when every one resolves
     */
    public Optional<String> unknownHost() {
        for (ServerAddress s : servers) {
            try {
                InetAddress.getAllByName(s.host());
            } catch (UnknownHostException e) {
                return Optional.of(s.host());
            }
        }
        return Optional.empty();
    }

    /** The connect string as ZooKeeper clients take it. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (ServerAddress s : servers) {
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(s.hostPort());
        }
        return sb.append(chroot).toString();
    }

    private static ServerAddress parseServer(String part, String whole) {
        if (part.isEmpty()) {
            throw new IllegalArgumentException("empty server entry in connect string '" + whole + "'");
        }
        String host;
        String port = null;
        if (part.startsWith("[")) {
            int close = part.indexOf(']');
            if (close < 0) {
                throw new IllegalArgumentException("unclosed '[' in '" + part + "' of connect string '" + whole + "'");
            }
            host = part.substring(1, close);
            String rest = part.substring(close + 1);
            if (!rest.isEmpty()) {
                if (!rest.startsWith(":")) {
                    throw new IllegalArgumentException(
                            "unexpected '" + rest + "' after '" + part.substring(0, close + 1) + "'");
                }
                port = rest.substring(1);
            }
        } else {
            int colon = part.lastIndexOf(':');
            if (colon >= 0 && part.indexOf(':') != colon) {
                throw new IllegalArgumentException(
                        "IPv6 address '" + part + "' must be written in brackets, as [addr]:port");
            }
            host = colon >= 0 ? part.substring(0, colon) : part;
            port = colon >= 0 ? part.substring(colon + 1) : null;
        }
        if (host.isBlank() || !host.matches("[A-Za-z0-9._:%-]+")) {
            throw new IllegalArgumentException("invalid host '" + host + "' in connect string '" + whole + "'");
        }
        int portNumber = DEFAULT_CLIENT_PORT;
        if (port != null) {
            try {
                portNumber = Integer.parseInt(port);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        "invalid port '" + port + "' for host '" + host + "' in connect string '" + whole + "'");
            }
            if (portNumber < 1 || portNumber > 65535) {
                throw new IllegalArgumentException(
                        "port " + portNumber + " for host '" + host + "' is outside 1-65535");
            }
        }
        return new ServerAddress(host, portNumber);
    }
}
