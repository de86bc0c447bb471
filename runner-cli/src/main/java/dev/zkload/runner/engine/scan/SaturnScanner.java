package dev.zkload.runner.engine.scan;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.zookeeper.data.Stat;

/**
 * Reads Saturn namespaces as the console and executors lay them out: {@code $Jobs/<job>/config/*}
 * for every job, {@code $SaturnExecutors/executors/<executor>} with its ephemeral {@code ip} and its
 * {@code version}, and the console sharding election: the candidates in {@code $SaturnExecutors/leader/latch}
 * and the leader's {@code host}; and the ZooKeeper client line the executors run on, from the first job's
 * election latch ({@link #zkClient}). Nothing under {@code servers} or {@code execution} is read: the model
 * derives those from the above. docs/model-files.md counts the requests.
 */
public final class SaturnScanner {
    /** Job types whose executors report their runs when the config does not say ({@code enabledReport} absent). */
    private static final Set<String> CRON_OR_PASSIVE =
            Set.of("JAVA_JOB", "SHELL_JOB", "PASSIVE_JAVA_JOB", "PASSIVE_SHELL_JOB");
    /** Job types that fire when triggered, not on their cron. */
    private static final Set<String> NOT_ON_CRON = Set.of("MSG_JOB", "VSHELL", "PASSIVE_JAVA_JOB", "PASSIVE_SHELL_JOB");
    /** The ephemeral owner ZooKeeper gives a container node. */
    static final long CONTAINER = 0x8000000000000000L;
    /** Config fields Saturn 2.x never writes. */
    private static final Set<String> ONLY_3X = Set.of("disableTimeoutSeconds", "rerun", "upStream", "downStream");

    private final ReadOnlyZk zk;
    private final String root;

    public SaturnScanner(ReadOnlyZk zk, String root) {
        this.zk = zk;
        this.root = root.equals("/") ? "" : root;
    }

    /** The namespaces under the root: the children that have {@code $Jobs}, in name order. */
    public List<String> namespaces() throws IOException, InterruptedException {
        List<String> children = zk.children(root.isEmpty() ? "/" : root);
        List<String> out = new ArrayList<>();
        for (String c : children == null
                ? List.<String>of()
                : children.stream().sorted().toList()) {
            if (!c.equals("zookeeper") && zk.exists(root + "/" + c + "/$Jobs")) {
                out.add(c);
            }
        }
        return out;
    }

    /**
     * One namespace.
     *
     * @throws IOException when it has no {@code $Jobs} (not a Saturn namespace) or cannot be read
     */
    public ScannedDomain scan(String namespace) throws IOException, InterruptedException {
        String ns = root + "/" + namespace;
        List<String> jobNames = zk.children(ns + "/$Jobs");
        if (jobNames == null) {
            throw new IOException(ns + " is not a Saturn namespace: it has no $Jobs");
        }
        List<ScannedJob> jobs = new ArrayList<>();
        for (String job : jobNames.stream().sorted().toList()) {
            ScannedJob j = job(ns + "/$Jobs/" + job + "/config");
            if (j != null) {
                jobs.add(j);
            }
        }
        String executors = ns + "/$SaturnExecutors/executors";
        List<String> registered = orEmpty(zk.children(executors));
        int online = 0;
        String version = null;
        for (String x : registered) {
            if (zk.exists(executors + "/" + x + "/ip")) {
                online++;
                if (version == null) {
                    version = text(zk.data(executors + "/" + x + "/version"));
                }
            }
        }
        // every console leaves the latch once the election is over and the leader holds the ephemeral host:
        // in a quiet namespace only the leader can be seen
        String leader = ns + "/$SaturnExecutors/leader";
        int consoles = orEmpty(zk.children(leader + "/latch")).size() + (zk.exists(leader + "/host") ? 1 : 0);
        String zkClient = jobNames.isEmpty()
                ? null
                : zkClient(
                        ns + "/$Jobs/" + jobNames.stream().sorted().findFirst().orElseThrow());
        return new ScannedDomain(namespace, online, registered.size(), consoles, version, zkClient, jobs);
    }

    /**
     * The client line a job's executors run on, as Curator left its election latch: a persistent latch stays
     * (3.4); a container (3.5+) is there while an election runs and deleted by the server once it is empty, so a
     * latch gone while the job has a leader's host (an election was held) is one too. Null when neither shows.
     */
    private String zkClient(String job) throws IOException, InterruptedException {
        Stat latch = zk.stat(job + "/leader/election/latch");
        if (latch != null) {
            return latch.getEphemeralOwner() == CONTAINER ? "3.5" : "3.4";
        }
        return zk.exists(job + "/leader/election/host") ? "3.5" : null;
    }

    /** A job's config, or null for a job being created or deleted (no config yet or any more). */
    private ScannedJob job(String config) throws IOException, InterruptedException {
        List<String> fields = zk.children(config);
        if (fields == null || fields.isEmpty()) {
            return null;
        }
        int bytes = 0;
        String cron = null;
        String timeZone = null;
        String jobType = null;
        int items = 1;
        boolean enabled = true;
        String enabledReport = null;
        for (String f : fields) {
            byte[] data = zk.data(config + "/" + f);
            if (data == null) {
                continue;
            }
            bytes += data.length;
            String v = text(data);
            switch (f) {
                case "cron" -> cron = v == null || v.isBlank() ? null : v.trim();
                case "timeZone" -> timeZone = zoneOrNull(v);
                case "jobType" -> jobType = v;
                case "enabled" -> enabled = "true".equals(v);
                case "enabledReport" -> enabledReport = v;
                case "shardingTotalCount" -> items = positiveOr1(v);
                default -> {}
            }
        }
        if (jobType != null && NOT_ON_CRON.contains(jobType)) {
            cron = null;
        }
        boolean saturn3 = fields.stream().anyMatch(ONLY_3X::contains);
        return new ScannedJob(
                items,
                cron,
                timeZone,
                jobType,
                fields.size(),
                bytes,
                enabled,
                reports(enabledReport, jobType),
                saturn3);
    }

    /**
     * Whether the job's executors report its runs, as Saturn's executor reads {@code enabledReport}: its text as
     * {@link Boolean#parseBoolean(String)} takes it, and without one (no node, or empty), true for cron and passive jobs.
     */
    private static boolean reports(String enabledReport, String jobType) {
        if (enabledReport != null && !enabledReport.isEmpty()) {
            return Boolean.parseBoolean(enabledReport);
        }
        return jobType == null || CRON_OR_PASSIVE.contains(jobType);
    }

    /**
     * A time zone's id as the model file takes it (a short id such as CTT as the zone it stands for), or null for an
     * empty or unknown one: the file's default then stands, Saturn's own (Asia/Shanghai).
     */
    private static String zoneOrNull(String v) {
        try {
            return v == null || v.isBlank()
                    ? null
                    : ZoneId.of(v.trim(), ZoneId.SHORT_IDS).getId();
        } catch (DateTimeException e) {
            return null;
        }
    }

    private static int positiveOr1(String v) {
        try {
            return Math.max(1, Integer.parseInt(v.trim()));
        } catch (RuntimeException e) {
            return 1;
        }
    }

    private static String text(byte[] data) {
        return data == null ? null : new String(data, StandardCharsets.UTF_8);
    }

    private static List<String> orEmpty(List<String> l) {
        return l == null ? List.of() : l;
    }
}
