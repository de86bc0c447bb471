package dev.zkload.sim.internal;

import dev.zkload.sim.SaturnModel;
import java.util.ArrayList;
import java.util.List;

/** The znode paths of one domain (saturn-model.md section 2), under the fleet's root. */
final class Layout {
    /** Saturn 3.x config children in the order the console writes them, {@code jobClass} last. */
    private static final List<String> CONFIG_3X = List.of("enabled", "description", "customContext", "jobType",
            "jobMode", "shardingItemParameters", "jobParameter", "queueName", "channelName", "failover",
            "monitorExecution", "timeout4AlarmSeconds", "timeoutSeconds", "disableTimeoutSeconds", "timeZone", "cron",
            "pausePeriodDate", "pausePeriodTime", "processCountIntervalSeconds", "shardingTotalCount", "showNormalLog",
            "loadLevel", "jobDegree", "enabledReport", "preferList", "useDispreferList", "localMode", "useSerial",
            "dependencies", "groups", "rerun", "upStream", "downStream", "jobClass");
    private static final List<String> ONLY_3X = List.of("disableTimeoutSeconds", "rerun", "upStream", "downStream");

    final String ns;
    final SaturnModel model;
    final List<String> jobs = new ArrayList<>();
    final List<String> configFields;
    /** The second of the minute each job fires at: random per job, the same on every executor. */
    private final int[] fireSecond;

    Layout(String root, String domain, SaturnModel model) {
        this.ns = root + "/" + domain;
        this.model = model;
        for (int j = 0; j < model.jobsPerDomain(); j++) {
            jobs.add(String.format("job-%02d", j));
        }
        List<String> all = new ArrayList<>(CONFIG_3X);
        if (!model.isSaturn3()) {
            all.removeAll(ONLY_3X);
        }
        // REST-created jobs skip null fields: keep the first N-1 and jobClass, which must come last
        List<String> fields = new ArrayList<>(all.subList(0, model.configFields() - 1));
        fields.add("jobClass");
        this.configFields = List.copyOf(fields);
        this.fireSecond = new int[model.jobsPerDomain()];
        for (int j = 0; j < fireSecond.length; j++) {
            fireSecond[j] = java.util.concurrent.ThreadLocalRandom.current().nextInt(60);
        }
    }

    int fireSecond(String job) {
        return fireSecond[jobs.indexOf(job)];
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

    String executors() {
        return ns + "/$SaturnExecutors/executors";
    }

    String executor(String executor) {
        return executors() + "/" + executor;
    }
}
