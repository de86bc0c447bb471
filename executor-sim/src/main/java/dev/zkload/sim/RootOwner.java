package dev.zkload.sim;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Who holds a root, as its lock's data says: one JSON object of {@code command}, {@code runId},
 * {@code pid}, {@code host} and {@code started}, the shape zkload's runs write, so that a fleet
 * names a run's lock and {@code clean} names a fleet's. Written and read by hand: the library
 * brings no JSON parser to its consumers.
 */
final class RootOwner {
    private static final Pattern FIELD = Pattern.compile("\"(\\w+)\"\\s*:\\s*(?:\"((?:[^\"\\\\]|\\\\.)*)\"|(-?\\d+))");

    private RootOwner() {}

    static String json(String command, String runId, long pid, String host, Instant started) {
        return "{\"command\":\"" + escape(command) + "\",\"runId\":\"" + escape(runId) + "\",\"pid\":" + pid
                + ",\"host\":\"" + escape(host) + "\",\"started\":\"" + started + "\"}";
    }

    /**
     * The same with the holder's session timeout, so that a claim left by a killed process says when it goes (a
     * field the runs' readers ignore, as they ignore every field they do not know).
     */
    static String json(String command, String runId, long pid, String host, Instant started, long sessionTimeoutMs) {
        String json = json(command, runId, pid, host, started);
        return json.substring(0, json.length() - 1) + ",\"sessionTimeoutMs\":" + sessionTimeoutMs + "}";
    }

    /**
     * The holder for a message: {@code executor-sim fleet /zkload/sim-1, pid 4242 on build-7, started
     * 2026-…Z, session 0x…}, and whether its process is known to be gone.
     */
    static String describe(byte[] data, long sessionId) {
        String text = data == null ? "" : new String(data, StandardCharsets.UTF_8);
        String command = field(text, "command");
        String session = "session 0x" + Long.toHexString(sessionId);
        if (command == null) {
            return "a holder that names no process, " + session;
        }
        String pid = field(text, "pid");
        String host = field(text, "host");
        String described = command + " " + field(text, "runId") + ", pid " + pid + " on " + host + ", started "
                + field(text, "started") + ", " + session;
        if (!goneFromThisHost(pid, host)) {
            return described;
        }
        String timeout = field(text, "sessionTimeoutMs");
        return described + "; its process is gone, and the servers end its session within its timeout"
                + (timeout == null
                        ? ""
                        : " (" + Long.parseLong(timeout) / 1000 + " s after the process died at the latest; the claim"
                                + " goes with the session: try again then)");
    }

    /** This host's name, as locks record it. */
    static String localHost() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    private static boolean goneFromThisHost(String pid, String host) {
        if (pid == null || !localHost().equals(host)) {
            return false;
        }
        try {
            return ProcessHandle.of(Long.parseLong(pid)).map(p -> !p.isAlive()).orElse(true);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static String field(String json, String name) {
        Matcher m = FIELD.matcher(json);
        while (m.find()) {
            if (m.group(1).equals(name)) {
                return m.group(2) != null ? m.group(2).replaceAll("\\\\(.)", "$1") : m.group(3);
            }
        }
        return null;
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
