package dev.zkload.zk.claim;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs.Ids;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;

/**
 * The one sign zkload leaves on a root it holds, written and read the same by fleets and by zkload's
 * runs: the root's data is the {@value #MARKER} marker and a label ({@code "zkload ramp <run id>"},
 * {@code "zkload executor-sim fleet"}), each parent it created holds the marker alone, and the
 * ephemeral {@value #NAME} directly under the root, held by the holder's session, names the holder in
 * one JSON object of {@code command}, {@code runId}, {@code pid}, {@code host} and {@code started}
 * (and, from a fleet, {@code sessionTimeoutMs}; readers ignore the fields they do not know).
 *
 * <p>zkload's own: the foundation module exports this package only to executor-sim, and bench-core and the
 * runner read it from the class path. The JSON is written and read by hand: the libraries bring no JSON parser
 * to their consumers.
 */
public final class RootLock {
    /** The lock's name under a root. */
    public static final String NAME = "zkload.lock";
    /** Data of every root (and parent) zkload creates starts with this. */
    public static final String MARKER = "zkload";

    /**
     * How a lock whose data does not name its holder's process in full (command, run id, pid, host, start) is
     * described: another program's, or written before zkload knew better.
     */
    public static final String NO_PROCESS = "a holder that names no process";

    /** The fields that name a holder's process. */
    private static final Set<String> HOLDER = Set.of("command", "runId", "pid", "host", "started");

    /** Times a root's creation is tried when a parent it created goes meanwhile (another claim's removal). */
    private static final int PARENT_RACES = 5;

    private static final Pattern FIELD = Pattern.compile("\"(\\w+)\"\\s*:\\s*(?:\"((?:[^\"\\\\]|\\\\.)*)\"|(-?\\d+))");
    private static final Pattern ESCAPE = Pattern.compile("\\\\(?:u([0-9a-fA-F]{4})|(.))");

    private final String path;
    private final long sessionId;
    private final Map<String, String> fields;

    private RootLock(String path, long sessionId, Map<String, String> fields) {
        this.path = path;
        this.sessionId = sessionId;
        this.fields = fields;
    }

    /**
     * True when a znode's data is zkload's mark: the marker alone (a parent zkload created) or the
     * marker, a space and a label (a root); never a mere prefix.
     *
     * @param data a znode's data, or null
     * @return whether zkload created the znode
     */
    public static boolean marked(byte[] data) {
        return markedRoot(data) || (data != null && new String(data, StandardCharsets.UTF_8).equals(MARKER));
    }

    /**
     * True when a znode's data marks a root zkload created (the marker and a label), not one of its parents.
     *
     * @param data a znode's data, or null
     * @return whether the znode is a root zkload created
     */
    public static boolean markedRoot(byte[] data) {
        return data != null && new String(data, StandardCharsets.UTF_8).startsWith(MARKER + " ");
    }

    /**
     * Creates {@code root}, marked with {@code label}, and its missing parents, marked and world-open
     * (others share them). A parent that another claim's removal deletes meanwhile (an empty marked parent goes
     * with the last claim under it) is created again.
     *
     * @param zk the session that creates them
     * @param root the root
     * @param label what the root is for ({@code "ramp <run id>"}), after the marker in its data
     * @param acl the root's ACL
     * @return the znodes created, nearest first: what is the caller's to remove
     * @throws KeeperException when the ensemble refuses (e.g. a parent's ACL denies the session)
     * @throws InterruptedException when interrupted
     */
    public static List<String> createMarked(ZooKeeper zk, String root, String label, List<ACL> acl)
            throws KeeperException, InterruptedException {
        List<String> created = new ArrayList<>();
        for (int attempt = 1; ; attempt++) {
            try {
                for (int slash = root.indexOf('/', 1); slash > 0; slash = root.indexOf('/', slash + 1)) {
                    createIfMissing(zk, root.substring(0, slash), MARKER, Ids.OPEN_ACL_UNSAFE, created);
                }
                createIfMissing(zk, root, MARKER + " " + label, acl, created);
                return created;
            } catch (KeeperException.NoNodeException parentGone) {
                if (attempt == PARENT_RACES) {
                    throw parentGone;
                }
            }
        }
    }

    /**
     * Deletes the empty parents of {@code root} that zkload made (their data the marker alone), nearest first,
     * up to the first that is not empty or not zkload's: the last claim out of a shared parent such as
     * {@code /zkload} removes it, whoever created it. A parent someone else made stays.
     *
     * @param zk the session that deletes them
     * @param root the root whose parents to prune (itself left alone)
     * @throws KeeperException when the ensemble refuses
     * @throws InterruptedException when interrupted
     */
    public static void pruneMarkedParents(ZooKeeper zk, String root) throws KeeperException, InterruptedException {
        for (int slash = root.lastIndexOf('/'); slash > 0; slash = root.lastIndexOf('/', slash - 1)) {
            String parent = root.substring(0, slash);
            Stat stat = new Stat();
            try {
                byte[] data = zk.getData(parent, false, stat);
                if (stat.getNumChildren() > 0 || markedRoot(data) || !marked(data)) {
                    return;
                }
                zk.delete(parent, stat.getVersion());
            } catch (KeeperException.NoNodeException
                    | KeeperException.NotEmptyException
                    | KeeperException.BadVersionException e) {
                return; // gone, or in use again: the claim that uses it removes it
            }
        }
    }

    private static void createIfMissing(ZooKeeper zk, String path, String data, List<ACL> acl, List<String> created)
            throws KeeperException, InterruptedException {
        try {
            zk.create(path, data.getBytes(StandardCharsets.UTF_8), acl, CreateMode.PERSISTENT);
            if (!created.contains(path)) {
                created.add(0, path);
            }
        } catch (KeeperException.NodeExistsException e) {
            // there before: someone else's, or shared with another tree
        }
    }

    /**
     * The lock's data naming its holder.
     *
     * @param command the command that holds the root (ramp, simulate, latency, executor-sim fleet)
     * @param runId the run's id (a fleet's root)
     * @param pid the holder's process id on {@code host}
     * @param host the host the holder runs on
     * @param started when the holder started
     * @param sessionTimeoutMs the holder's session timeout, so that a lock left by a killed process says
     *     when it goes; 0 to leave it out (as runs do)
     * @return one JSON object, in UTF-8
     */
    public static byte[] data(
            String command, String runId, long pid, String host, Instant started, long sessionTimeoutMs) {
        String json = "{\"command\":\"" + escape(command) + "\",\"runId\":\"" + escape(runId) + "\",\"pid\":" + pid
                + ",\"host\":\"" + escape(host) + "\",\"started\":\"" + started + "\""
                + (sessionTimeoutMs > 0 ? ",\"sessionTimeoutMs\":" + sessionTimeoutMs : "") + "}";
        return json.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The live lock directly under {@code root}, if a live session holds one.
     *
     * @param zk the session that looks
     * @param root the root
     * @return the lock and its holder, empty when none is held
     * @throws KeeperException when the ensemble refuses
     * @throws InterruptedException when interrupted
     */
    public static Optional<RootLock> held(ZooKeeper zk, String root) throws KeeperException, InterruptedException {
        String path = root + "/" + NAME;
        Stat stat = new Stat();
        try {
            byte[] data = zk.getData(path, false, stat);
            // an ephemeral exists only while its session lives
            return stat.getEphemeralOwner() == 0
                    ? Optional.empty()
                    : Optional.of(read(path, data, stat.getEphemeralOwner()));
        } catch (KeeperException.NoNodeException e) {
            return Optional.empty();
        }
    }

    /** A lock at {@code path} held by {@code sessionId}, its holder read from {@code data}. */
    static RootLock read(String path, byte[] data, long sessionId) {
        Map<String, String> fields = new HashMap<>();
        Matcher m = FIELD.matcher(data == null ? "" : new String(data, StandardCharsets.UTF_8));
        while (m.find()) {
            fields.putIfAbsent(m.group(1), m.group(2) != null ? unescape(m.group(2)) : m.group(3));
        }
        return new RootLock(path, sessionId, Map.copyOf(fields));
    }

    /** {@return the lock's path} */
    public String path() {
        return path;
    }

    /** {@return the root the lock holds} */
    public String root() {
        return path.substring(0, path.length() - NAME.length() - 1);
    }

    /** {@return the holder's session id} */
    public long sessionId() {
        return sessionId;
    }

    /**
     * A field of the holder, as the lock's data has it.
     *
     * @param name the field's name ({@code command}, {@code pid}, …)
     * @return its value (a number as its digits), empty when the data lacks it
     */
    public Optional<String> field(String name) {
        return Optional.ofNullable(fields.get(name));
    }

    /**
     * The holder as every message names it, a run's and a fleet's alike.
     *
     * @return {@code ramp 20261128-…, pid 4242 on build-7, started 2026-…Z, session 0x…}, or {@value #NO_PROCESS}
     *     and the session when the data does not name the holder's process in full
     */
    public String describe() {
        String session = ", session 0x" + Long.toHexString(sessionId);
        if (!fields.keySet().containsAll(HOLDER)) {
            return NO_PROCESS + session;
        }
        return holder(
                        fields.get("command"),
                        fields.get("runId"),
                        fields.get("pid"),
                        fields.get("host"),
                        fields.get("started"))
                + session;
    }

    /**
     * The holder as a refusal names it: {@link #describe()}, and, when its process is known to be gone (it ran on
     * this host and no such process lives), that its claim goes with its session, and when at the latest where the
     * lock says its session timeout.
     *
     * @return {@code executor-sim fleet /zkload/sim-1, pid 4242 on build-7, started …, session 0x…[; its process is
     *     gone, …]}
     */
    public String describeHolder() {
        String described = describe();
        if (field("command").isEmpty() || !processGone()) {
            return described;
        }
        return described + "; its process is gone, and the servers end its session within its timeout"
                + field("sessionTimeoutMs")
                        .map(t -> " (" + Long.parseLong(t) / 1000 + " s after the process died at the latest; the"
                                + " claim goes with the session: try again then)")
                        .orElse("");
    }

    private boolean processGone() {
        try {
            return goneFromThisHost(
                    Long.parseLong(field("pid").orElse("")), field("host").orElse(null));
        } catch (NumberFormatException noPid) {
            return false;
        }
    }

    /**
     * A holder's process, as {@link #describe} names it.
     *
     * @param command the holder's command ({@code ramp}, {@code executor-sim fleet}, …)
     * @param runId   its run id (a fleet's: its root)
     * @param pid     its process id on {@code host}
     * @param host    the host it runs on
     * @param started when it started, as an ISO-8601 instant
     * @return {@code ramp 20261128-…, pid 4242 on build-7, started 2026-…Z}
     */
    public static String holder(String command, String runId, String pid, String host, String started) {
        return command + " " + runId + ", pid " + pid + " on " + host + ", started " + started;
    }

    /** {@return this host's name, as locks record it} */
    public static String localHost() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    /**
     * Whether a holder's process is known to be gone: it ran here and no such process lives.
     *
     * @param pid the holder's process id
     * @param host the holder's host, or null
     * @return true only when {@code host} is this one and no process {@code pid} lives here
     */
    public static boolean goneFromThisHost(long pid, String host) {
        return localHost().equals(host)
                && ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
    }

    private static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> sb.append(c < 0x20 ? String.format("\\u%04X", (int) c) : String.valueOf(c));
            }
        }
        return sb.toString();
    }

    private static String unescape(String s) {
        return ESCAPE.matcher(s).replaceAll(m -> {
            if (m.group(1) != null) {
                return Matcher.quoteReplacement(String.valueOf((char) Integer.parseInt(m.group(1), 16)));
            }
            char c = m.group(2).charAt(0);
            String plain =
                    switch (c) {
                        case 'n' -> "\n";
                        case 'r' -> "\r";
                        case 't' -> "\t";
                        case 'b' -> "\b";
                        case 'f' -> "\f";
                        default -> String.valueOf(c);
                    };
            return Matcher.quoteReplacement(plain);
        });
    }
}
