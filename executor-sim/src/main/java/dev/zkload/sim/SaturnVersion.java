package dev.zkload.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * The Saturn release line a {@link SaturnModel} follows. The two lines put different trees,
 * watches and run traffic on ZooKeeper; each constant carries those differences, so the simulator
 * asks its version what to do instead of branching on a name.
 *
 * <pre>{@code
 * SaturnModel model = SaturnModel.of(SaturnVersion.of("saturn-3"));
 * }</pre>
 */
public enum SaturnVersion {
    /**
     * Saturn 2.1.x with shell jobs, as the 2017 capacity report ran it: up to 30 config fields (22
     * set by default), no {@code jobVersion} node, each executor rewrites its {@code status}
     * RUNNING then READY on every fire and checks a node exists before deleting it, and each console
     * sharding session caches a job's whole {@code config} (depth 1).
     */
    SATURN_2_1("saturn-2.1"),
    /**
     * Saturn 3.x with Java jobs: 34 config fields, a {@code jobVersion} node per executor and job, no
     * status writes per fire, running and completed nodes that name their executor, a
     * {@code config/downStream} watch per job and a {@code /$SaturnSelf} watch per executor; each
     * console sharding session caches only {@code config/enabled} and {@code config/forceShard}.
     */
    SATURN_3("saturn-3");

    /** Saturn 3.x's config children in the order the console writes them, {@code jobClass} last. */
    private static final List<String> CONFIG_3X = List.of(
            "enabled",
            "description",
            "customContext",
            "jobType",
            "jobMode",
            "shardingItemParameters",
            "jobParameter",
            "queueName",
            "channelName",
            "failover",
            "monitorExecution",
            "timeout4AlarmSeconds",
            "timeoutSeconds",
            "disableTimeoutSeconds",
            "timeZone",
            "cron",
            "pausePeriodDate",
            "pausePeriodTime",
            "processCountIntervalSeconds",
            "shardingTotalCount",
            "showNormalLog",
            "loadLevel",
            "jobDegree",
            "enabledReport",
            "preferList",
            "useDispreferList",
            "localMode",
            "useSerial",
            "dependencies",
            "groups",
            "rerun",
            "upStream",
            "downStream",
            "jobClass");
    /** The fields 3.x added. */
    private static final List<String> ONLY_3X = List.of("disableTimeoutSeconds", "rerun", "upStream", "downStream");

    private final String id;

    SaturnVersion(String id) {
        this.id = id;
    }

    /**
     * The version's name as the command line and result files write it.
     *
     * @return {@code saturn-2.1} or {@code saturn-3}
     */
    public String id() {
        return id;
    }

    /**
     * The version of a name.
     *
     * @param id {@code saturn-2.1} or {@code saturn-3}
     * @return the version
     * @throws IllegalArgumentException naming the versions there are
     */
    public static SaturnVersion of(String id) {
        for (SaturnVersion v : values()) {
            if (v.id.equals(id)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown model '" + id + "': use saturn-2.1 or saturn-3");
    }

    /**
     * The same as {@link #id()}.
     *
     * @return {@code saturn-2.1} or {@code saturn-3}
     */
    @Override
    public String toString() {
        return id;
    }

    // What the versions do differently; the simulator reads these instead of comparing versions.

    /** Every config field the console can write, in its order, {@code jobClass} last (30 or 34). */
    List<String> configFields() {
        List<String> all = new ArrayList<>(CONFIG_3X);
        if (this == SATURN_2_1) {
            all.removeAll(ONLY_3X);
        }
        return List.copyOf(all);
    }

    /** The config fields a preset sets: 22 non-null ones in 2.1 (REST-created jobs skip nulls), all 34 in 3.x. */
    int defaultConfigFields() {
        return this == SATURN_2_1 ? 22 : 34;
    }

    /** The ZooKeeper client line the version's executors ship with: 3.4 for 2.1, 3.5.8 for Saturn 3.5. */
    ZkClientLine defaultClient() {
        return this == SATURN_2_1 ? ZkClientLine.ZK_3_4 : ZkClientLine.ZK_3_5;
    }

    /** Whether the console sets {@code enabledReport} by how often a cron fires (3.x); 2.1's sets it true. */
    boolean consoleSetsEnabledReport() {
        return this == SATURN_3;
    }

    /** {@code config/jobType}. */
    String jobType() {
        return this == SATURN_2_1 ? "SHELL_JOB" : "JAVA_JOB";
    }

    /** {@code config/jobClass}: executors take it as "the job is ready"; shell jobs have none. */
    String jobClass() {
        return this == SATURN_2_1 ? "" : "dev.zkload.SimulatedJob";
    }

    /** The values an executor writes under {@code servers/<executor>} at job init (Java jobs add jobVersion). */
    List<String> serverValues() {
        return this == SATURN_2_1 ? List.of("ip", "version") : List.of("ip", "version", "jobVersion");
    }

    /** The config fields each executor watches per job with a depth-0 cache (downStream came with 3.3). */
    List<String> executorConfigWatches() {
        return this == SATURN_2_1 ? List.of("cron", "enabled") : List.of("cron", "downStream", "enabled");
    }

    /** Whether every executor watches {@code /$SaturnSelf/saturn-executor/config} (3.x's executor config). */
    boolean watchesSaturnSelf() {
        return this == SATURN_3;
    }

    /** The data of {@code servers/<executor>/status} when created. */
    String idleStatus() {
        return this == SATURN_2_1 ? "READY" : "";
    }

    /** Whether an owning executor rewrites its status RUNNING before and READY after its items, each as a multi. */
    boolean statusPerFire() {
        return this == SATURN_2_1;
    }

    /** Whether a run checks {@code completed} and {@code running} exist before deleting them. */
    boolean existsBeforeItemDeletes() {
        return this == SATURN_2_1;
    }

    /** Whether {@code running} and {@code completed} hold the executor's name (empty in 2.1). */
    boolean runNodesNameTheExecutor() {
        return this == SATURN_3;
    }

    /**
     * The caches a console sharding session holds on each job's config, relative to the job: 2.1
     * caches the whole {@code config} to depth 1, 3.x two single nodes.
     */
    List<CachedPath> consoleConfigCaches() {
        return this == SATURN_2_1
                ? List.of(new CachedPath("config", 1))
                : List.of(new CachedPath("config/enabled", 0), new CachedPath("config/forceShard", 0));
    }

    /** A cached subtree: a path relative to a job and how deep the cache reaches. */
    record CachedPath(String path, int depth) {}
}
