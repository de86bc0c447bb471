package dev.zkload.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.zookeeper.CreateMode;

/**
 * The znode paths of one domain under the fleet's root, and its jobs: each job's items, config
 * fields, schedule and fire offset, as the domain's kind gives them.
 */
final class Layout {
    final String ns;
    final DomainKind kind;
    final SaturnVersion version;
    /** The domain's ZooKeeper client line: whether its latches are containers. */
    final ZkClientLine client;

    final List<String> jobs;
    /**
     * Executors registered but offline (numbered after the online ones): their persistent znodes stay in
     * the tree, no session of theirs runs.
     */
    final List<String> offlineExecutors;
    /** The domain's watched paths, one string each for all its sessions. */
    final PathPool paths = new PathPool();

    private final Map<String, Job> byName = new HashMap<>();

    /**
     * One job's shape and the millisecond of its period it fires at when its fires are spread: random per job, the
     * same on every executor.
     */
    private record Job(JobGroup group, List<String> configFields, long fireOffsetMs) {}

    Layout(String root, String domain, SaturnModel model) {
        this(root, domain, model.version(), model.zkClient(), DomainKind.of(model));
    }

    Layout(String root, String domain, SaturnVersion version, DomainKind kind) {
        this(root, domain, version, version.defaultClient(), kind);
    }

    Layout(String root, String domain, SaturnVersion version, ZkClientLine client, DomainKind kind) {
        this.ns = root + "/" + domain;
        this.client = client;
        this.kind = kind;
        this.version = version;
        List<String> offline = new ArrayList<>();
        for (int e = kind.executors(); e < kind.registered(); e++) {
            offline.add(executorName(e));
        }
        this.offlineExecutors = List.copyOf(offline);
        List<String> names = new ArrayList<>();
        for (JobGroup g : kind.jobs()) {
            // REST-created jobs skip null fields: keep the first N-1 and jobClass, which must come last
            List<String> all = version.configFields();
            List<String> fields = new ArrayList<>(all.subList(0, g.configFields() - 1));
            fields.add(all.get(all.size() - 1));
            List<String> configFields = List.copyOf(fields);
            for (int j = 0; j < g.count(); j++) {
                String name = String.format("job-%02d", names.size());
                names.add(name);
                byName.put(name, new Job(g, configFields, fireOffset(g)));
            }
        }
        this.jobs = List.copyOf(names);
    }

    /** Where in its period a job whose fires are spread fires: at random. */
    private static long fireOffset(JobGroup g) {
        return g.period() == null
                ? 0
                : ThreadLocalRandom.current().nextLong(g.period().toMillis());
    }

    /** The name of the domain's {@code e}-th executor, online or not. */
    String executorName(int e) {
        return ns.substring(ns.lastIndexOf('/') + 1) + "-exec-" + e;
    }

    boolean isOffline(String executor) {
        return offlineExecutors.contains(executor);
    }

    /** The millisecond of its period a job whose fires are spread fires at. */
    long fireOffsetMs(String job) {
        return byName.get(job).fireOffsetMs;
    }

    /** The moments a job fires at with {@code timing: cron}; null when its fires are spread, or it never fires. */
    CronMoments moments(String job) {
        JobGroup g = byName.get(job).group;
        return g.fires() ? g.moments() : null;
    }

    /** How often a job fires, or 0 when it never fires on its own (disabled, or not on a schedule). */
    long firePeriodMs(String job) {
        JobGroup g = byName.get(job).group;
        return g.fires() ? g.period().toMillis() : 0;
    }

    int items(String job) {
        return byName.get(job).group.items();
    }

    long runTimeMs(String job) {
        return byName.get(job).group.runTime().toMillis();
    }

    /** The job's config children, {@code jobClass} last. */
    List<String> configFields(String job) {
        return byName.get(job).configFields;
    }

    JobGroup group(String job) {
        return byName.get(job).group;
    }

    /** The fleet's root, parent of every domain. */
    String root() {
        return ns.substring(0, ns.lastIndexOf('/'));
    }

    String jobs() {
        return ns + "/$Jobs";
    }

    String job(String job) {
        return jobs() + "/" + job;
    }

    String config(String job, String field) {
        return job(job) + "/config/" + field;
    }

    String server(String job, String executor) {
        return job(job) + "/servers/" + executor;
    }

    String item(String job, int item) {
        return job(job) + "/execution/" + item;
    }

    String saturnExecutors() {
        return ns + "/$SaturnExecutors";
    }

    String executors() {
        return saturnExecutors() + "/executors";
    }

    String executor(String executor) {
        return executors() + "/" + executor;
    }

    /** How Curator creates a missing latch and its parents for the domain's elections. */
    CreateMode latchParents() {
        return client.parentMode();
    }

    /** The executors' config every 3.x executor watches, outside the namespace (Saturn's usingNamespace(null)). */
    String saturnSelfConfig() {
        return root() + "/$SaturnSelf/saturn-executor/config";
    }
}
