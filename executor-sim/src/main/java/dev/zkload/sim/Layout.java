package dev.zkload.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/** The znode paths of one domain under the fleet's root, its jobs, config fields and fire seconds. */
final class Layout {
    final String ns;
    final SaturnModel model;
    final SaturnVersion version;
    final List<String> jobs;
    final List<String> configFields;
    /** The domain's watched paths, one string each for all its sessions. */
    final PathPool paths = new PathPool();
    /** The second of the minute each job fires at: random per job, the same on every executor. */
    private final int[] fireSecond;

    Layout(String root, String domain, SaturnModel model) {
        this.ns = root + "/" + domain;
        this.model = model;
        this.version = model.version();
        List<String> names = new ArrayList<>();
        for (int j = 0; j < model.jobsPerDomain(); j++) {
            names.add(String.format("job-%02d", j));
        }
        this.jobs = List.copyOf(names);
        // REST-created jobs skip null fields: keep the first N-1 and jobClass, which must come last
        List<String> all = version.configFields();
        List<String> fields = new ArrayList<>(all.subList(0, model.configFields() - 1));
        fields.add(all.get(all.size() - 1));
        this.configFields = List.copyOf(fields);
        this.fireSecond = new int[model.jobsPerDomain()];
        for (int j = 0; j < fireSecond.length; j++) {
            fireSecond[j] = ThreadLocalRandom.current().nextInt((int) SaturnModel.CRON_PERIOD.toSeconds());
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

    String saturnExecutors() {
        return ns + "/$SaturnExecutors";
    }

    String executors() {
        return saturnExecutors() + "/executors";
    }

    String executor(String executor) {
        return executors() + "/" + executor;
    }

    /** The executors' config every 3.x executor watches, outside the namespace (Saturn's usingNamespace(null)). */
    String saturnSelfConfig() {
        return root() + "/$SaturnSelf/saturn-executor/config";
    }
}
