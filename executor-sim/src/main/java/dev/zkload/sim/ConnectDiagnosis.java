package dev.zkload.sim;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.zookeeper.KeeperException;

/**
 * Why a connect string gave no session, server by server, for the message of a failed start: an
 * unknown host is a typo or a missing DNS entry, a refused connection a server that is not running
 * (or the wrong port), silence a firewall, and an open port that gives no session a server that is
 * not serving (no quorum, TLS expected, credentials refused).
 */
final class ConnectDiagnosis {
    private static final int PROBE_MS = 2_000;

    private ConnectDiagnosis() {}

    /** One clause per server of {@code connectString} (its chroot ignored), joined by {@code "; "}. */
    static String explain(String connectString) {
        int chroot = connectString.indexOf('/');
        String hosts = chroot < 0 ? connectString : connectString.substring(0, chroot);
        List<String> why = new ArrayList<>();
        for (String server : hosts.split(",", -1)) {
            if (!server.isBlank()) {
                why.add(probe(server.trim()));
            }
        }
        return String.join("; ", why);
    }

    /**
     * Why a create under the connect string's chroot found no parent, when that is because the chroot itself
     * does not exist (ZooKeeper does not create one): the sentence saying so; empty otherwise.
     */
    static Optional<String> missingChroot(String connectString, AdminSession admin, Exception failure)
            throws InterruptedException {
        int chroot = connectString.indexOf('/');
        if (!(failure instanceof KeeperException.NoNodeException) || chroot < 0) {
            return Optional.empty();
        }
        try {
            // the session's "/" is the chroot
            if (admin.handle().exists("/", false) == null) {
                return Optional.of("the connect string's chroot " + connectString.substring(chroot) + " does not"
                        + " exist on the ensemble (ZooKeeper does not create a chroot): create it first, or leave it"
                        + " out of the connect string");
            }
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            // what is known is the failure itself
        }
        return Optional.empty();
    }

    private static String probe(String server) {
        int colon = server.lastIndexOf(':');
        String host = colon < 0 ? server : server.substring(0, colon);
        host = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        int port;
        try {
            port = colon < 0 ? 2181 : Integer.parseInt(server.substring(colon + 1));
        } catch (NumberFormatException e) {
            return server + " has no numeric port";
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            return "unknown host " + host + " (no such name)";
        }
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), PROBE_MS);
            return server + " accepts connections but gave no session (a server without quorum, a TLS port,"
                    + " or credentials it refuses?)";
        } catch (ConnectException e) {
            return "connection refused by " + server + " (no server listening there?)";
        } catch (SocketTimeoutException e) {
            return "no answer from " + server + " within " + PROBE_MS + " ms (a firewall, or a host that is down?)";
        } catch (IOException e) {
            return server + ": " + e.getMessage();
        }
    }
}
