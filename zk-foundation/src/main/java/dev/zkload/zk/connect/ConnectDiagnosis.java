package dev.zkload.zk.connect;

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
import org.apache.zookeeper.ZooKeeper;

/**
 * Why a connect string gave no session, server by server, for the one sentence of a failed connect: an
 * unknown host is a typo or a missing DNS entry, a refused connection a server that is not running
 * (or the wrong port), silence a firewall, and an open port that gives no session a server that is
 * not serving (no quorum, TLS expected, credentials refused). The fleet's start and the runner's
 * connect both say it this way.
 */
public final class ConnectDiagnosis {
    private static final int PROBE_MS = 2_000;
    private static final int KNOCK_MS = 1_000;

    private ConnectDiagnosis() {}

    /**
     * One clause per server of {@code connectString} (its chroot ignored), joined by {@code "; "}.
     *
     * @param connectString ZooKeeper's {@code host:port,...} list
     * @return e.g. {@code connection refused by 127.0.0.1:1 (no server listening there?)}
     */
    public static String explain(String connectString) {
        ConnectString cs;
        try {
            cs = ConnectString.parse(connectString);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        List<String> why = new ArrayList<>();
        for (ServerAddress server : cs.servers()) {
            why.add(probe(server));
        }
        return String.join("; ", why);
    }

    /**
     * The sentence when every server of {@code cs} refuses a TCP connection (nothing listens there); empty when
     * one accepts or does not answer in time (a firewall or a hung host: only waiting tells).
     *
     * @param cs the servers
     * @return {@code cannot reach ZooKeeper at …: connection refused (…)}, or empty
     */
    public static Optional<String> refusedByEvery(ConnectString cs) {
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

    /**
     * Why a create under the connect string's chroot found no parent, when that is because the chroot itself
     * does not exist (ZooKeeper does not create one): the sentence saying so; empty otherwise.
     *
     * @param connectString the connect string the session was opened with
     * @param chrooted that session, whose {@code /} is the chroot; null when there is none to ask
     * @param failure what the create failed with
     * @return the sentence, or empty
     * @throws InterruptedException when interrupted while looking
     */
    public static Optional<String> missingChroot(String connectString, ZooKeeper chrooted, Exception failure)
            throws InterruptedException {
        int chroot = connectString.indexOf('/');
        if (!(failure instanceof KeeperException.NoNodeException) || chroot < 0 || chrooted == null) {
            return Optional.empty();
        }
        try {
            if (chrooted.exists("/", false) == null) {
                return Optional.of("the connect string's chroot " + connectString.substring(chroot) + " does not"
                        + " exist on the ensemble (ZooKeeper does not create a chroot): create it first, or leave it"
                        + " out of the connect string");
            }
        } catch (KeeperException e) {
            // what is known is the failure itself
        }
        return Optional.empty();
    }

    private static String probe(ServerAddress server) {
        String named = server.hostPort();
        InetAddress address;
        try {
            address = InetAddress.getByName(server.host());
        } catch (UnknownHostException e) {
            return "unknown host " + server.host() + " (no such name)";
        }
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, server.clientPort()), PROBE_MS);
            return named + " accepts connections but gave no session (a server without quorum, a TLS port,"
                    + " or credentials it refuses?)";
        } catch (ConnectException e) {
            return "connection refused by " + named + " (no server listening there?)";
        } catch (SocketTimeoutException e) {
            return "no answer from " + named + " within " + PROBE_MS + " ms (a firewall, or a host that is down?)";
        } catch (IOException e) {
            return named + ": " + e.getMessage();
        }
    }
}
