package dev.zkload.sim;

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

    /** The servers of a connect string, {@code host:port}, its chroot left out. */
    static List<String> servers(String connectString) {
        int chroot = connectString.indexOf('/');
        String hosts = chroot < 0 ? connectString : connectString.substring(0, chroot);
        List<String> servers = new ArrayList<>();
        for (String s : hosts.split(",", -1)) {
            if (!s.isBlank()) {
                servers.add(s.trim().contains(":") ? s.trim() : s.trim() + ":2181");
            }
        }
        return servers;
    }

    /**
     * Each server's {@code maxClientCnxns} as its {@code conf} answers it: 0 for no limit, -1 where it cannot be
     * read (the word not whitelisted, a TLS port, a server down).
     */
    static Map<String, Long> read(String connectString) {
        Map<String, Long> limits = new LinkedHashMap<>();
        for (String server : servers(connectString)) {
            long limit = -1;
            try {
                Matcher m = MAX.matcher(ask(server, "conf"));
                if (m.find()) {
                    limit = Long.parseLong(m.group(1));
                }
            } catch (IOException | NumberFormatException e) {
                // unknown: the fleet then learns of the limit when the server refuses its sessions
            }
            limits.put(server, limit);
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
        for (String server : servers(connectString)) {
            try {
                if (ask(server, "srvr").isBlank()) {
                    closing.add(server);
                }
            } catch (SocketException e) {
                // a connection closed right after the accept shows as a reset, or a broken pipe on the write
                String how = String.valueOf(e.getMessage());
                if (how.contains("Connection reset") || how.contains("Broken pipe")) {
                    closing.add(server);
                }
            } catch (IOException e) {
                // down, stalled or unreachable: not closing connections
            }
        }
        return closing;
    }

    /** A four-letter word's answer; empty when the server closed the connection without one. */
    private static String ask(String server, String word) throws IOException {
        int colon = server.lastIndexOf(':');
        String host = server.substring(0, colon);
        host = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        int port;
        try {
            port = Integer.parseInt(server.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IOException(server + " has no numeric port", e);
        }
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), TIMEOUT_MS);
            s.setSoTimeout(TIMEOUT_MS);
            OutputStream out = s.getOutputStream();
            out.write(word.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
