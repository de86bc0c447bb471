package dev.zkload.sim;

import dev.zkload.zk.connect.ConnectString;
import dev.zkload.zk.connect.ServerAddress;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The servers' {@code maxClientCnxns}: the most connections a server takes from one client address (60
 * unless its zoo.cfg says otherwise), and every session of a fleet comes from this JVM's address. Read
 * with the four-letter word {@code conf} (whitelisted with {@code 4lw.commands.whitelist}); a server
 * past its limit is seen as one that accepts a connection and closes it without a byte of answer, what
 * it does to every new connection from that address. Plain sockets, a few seconds at most: executor-sim
 * brings no statistics client, and a TLS-only port answers neither (then nothing is known).
 */
final class ConnectionLimits {
    private static final int TIMEOUT_MS = 2_000;
    private static final Pattern MAX = Pattern.compile("(?m)^maxClientCnxns=(\\d+)\\s*$");

    private ConnectionLimits() {}

    /** The servers of a connect string, {@code host:port}, its chroot left out; none when it does not parse. */
    static List<ServerAddress> servers(String connectString) {
        try {
            return ConnectString.parse(connectString).servers();
        } catch (IllegalArgumentException e) {
            return List.of(); // ZooKeeper's own client says what is wrong with it
        }
    }

    /**
     * Each server's {@code maxClientCnxns} as its {@code conf} answers it: 0 for no limit, -1 where it cannot be
     * read (the word not whitelisted, a TLS port, a server down).
     */
    static Map<String, Long> read(String connectString) {
        Map<String, Long> limits = new LinkedHashMap<>();
        for (ServerAddress server : servers(connectString)) {
            long limit = -1;
            try {
                Matcher m = MAX.matcher(ask(server, "conf"));
                if (m.find()) {
                    limit = Long.parseLong(m.group(1));
                }
            } catch (IOException | NumberFormatException e) {
                // unknown: the fleet then learns of the limit when the server refuses its sessions
            }
            limits.put(server.hostPort(), limit);
        }
        return limits;
    }

    /**
     * The sentence refusing {@code sessions} sessions from this address when the servers cannot take them all
     * together, or null when they can (or a limit is not known, or not set).
     */
    static String refusal(Map<String, Long> limits, long sessions, String adding) {
        if (limits.isEmpty() || limits.values().stream().anyMatch(l -> l <= 0)) {
            return null;
        }
        long together = limits.values().stream().mapToLong(Long::longValue).sum();
        if (sessions <= together) {
            return null;
        }
        Map.Entry<String, Long> lowest =
                limits.entrySet().stream().min(Map.Entry.comparingByValue()).orElseThrow();
        return adding + " would hold " + sessions + " sessions from this address (its domains' and its control"
                + " session), more than the " + together + " the "
                + (limits.size() == 1 ? "server takes" : limits.size() + " servers take together") + " ("
                + lowest.getKey() + " takes at most " + lowest.getValue()
                + ", maxClientCnxns=" + lowest.getValue()
                + "); add fewer domains, set maxClientCnxns=0 (no limit) in the"
                + " zoo.cfg of every server and restart them, or spread the domains over fleets on other machines";
    }

    /** The servers that accept a connection and close it without a byte of answer: full to their limit. */
    static List<String> closingUnanswered(String connectString) {
        List<String> closing = new ArrayList<>();
        for (ServerAddress server : servers(connectString)) {
            try {
                if (ask(server, "srvr").isBlank()) {
                    closing.add(server.hostPort());
                }
            } catch (SocketException e) {
                // a connection closed right after the accept shows as a reset, or a broken pipe on the write
                String how = String.valueOf(e.getMessage());
                if (how.contains("Connection reset") || how.contains("Broken pipe")) {
                    closing.add(server.hostPort());
                }
            } catch (IOException e) {
                // down, stalled or unreachable: not closing connections
            }
        }
        return closing;
    }

    /** A four-letter word's answer; empty when the server closed the connection without one. */
    private static String ask(ServerAddress server, String word) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(server.host(), server.clientPort()), TIMEOUT_MS);
            s.setSoTimeout(TIMEOUT_MS);
            OutputStream out = s.getOutputStream();
            out.write(word.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
