package dev.zkload.realsaturn;

import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.api.transaction.CuratorTransactionFinal;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.CreateMode;
import org.quartz.CronExpression;

/**
 * What Saturn 3.5's console writes to ZooKeeper when a user adds a Java job and then enables it: the
 * job's {@code config} node, then in one transaction every config child in the console's order with
 * its defaults ({@code enabled} false, {@code jobClass} last, which executors take as "the job is
 * complete"), then {@code enabled} set to true. Its client is built as the console builds one.
 */
final class ConsoleJobs {
    private static final String TIME_ZONE = "Asia/Shanghai";
    /** The console's default INTERVAL_TIME_OF_ENABLED_REPORT: a cron firing more often does not report runs. */
    private static final long REPORT_INTERVAL_MS = 5_000;

    private ConsoleJobs() {}

    /** One job as the fixture's caller gives it. */
    record Job(String name, int items, String cron, long runTimeMs, boolean enabled) {
        static Job parse(String spec) {
            String[] f = spec.split(",", -1);
            if (f.length != 5) {
                throw new IllegalArgumentException("a job is name,items,cron,runTimeMs,enabled, not " + spec);
            }
            return new Job(f[0], Integer.parseInt(f[1]), f[2], Long.parseLong(f[3]), Boolean.parseBoolean(f[4]));
        }
    }

    static CuratorFramework connect(String connect, String namespace) throws InterruptedException {
        CuratorFramework client = CuratorFrameworkFactory.builder()
                .connectString(connect)
                .sessionTimeoutMs(20_000)
                .connectionTimeoutMs(20_000)
                .retryPolicy(new ExponentialBackoffRetry(1000, 3, 3000))
                .namespace(namespace)
                .build();
        client.start();
        if (!client.blockUntilConnected(30, TimeUnit.SECONDS)) {
            client.close();
            throw new IllegalStateException("no connection to " + connect + " within 30 s");
        }
        return client;
    }

    static void create(CuratorFramework console, Iterable<Job> jobs) throws Exception {
        for (Job job : jobs) {
            String config = "/$Jobs/" + job.name() + "/config";
            console.create().creatingParentsIfNeeded().forPath(config, bytes(""));
            // the console opens every transaction with a check that the namespace exists
            CuratorTransactionFinal tx =
                    console.inTransaction().check().forPath("/").and();
            for (Map.Entry<String, String> e : values(job).entrySet()) {
                tx = tx.create()
                        .withMode(CreateMode.PERSISTENT)
                        .forPath(config + "/" + e.getKey(), bytes(e.getValue()))
                        .and();
            }
            tx.commit();
        }
        for (Job job : jobs) {
            if (job.enabled()) {
                String enabled = "/$Jobs/" + job.name() + "/config/enabled";
                console.inTransaction()
                        .check()
                        .forPath(enabled)
                        .and()
                        .setData()
                        .forPath(enabled, bytes("true"))
                        .and()
                        .commit();
            }
        }
    }

    /** The config children of a new Java job, in the console's order, with its defaults. */
    private static Map<String, String> values(Job job) throws ParseException {
        boolean report = reports(job.cron());
        Map<String, String> v = new LinkedHashMap<>();
        v.put("enabled", "false");
        v.put("description", "");
        v.put("customContext", "{}");
        v.put("jobType", "JAVA_JOB");
        v.put("jobMode", "");
        // a Java job runs an item only when the item has a parameter: here each item's run time, 0=1000,1=1000,...
        v.put("shardingItemParameters", itemParameters(job.items(), job.runTimeMs()));
        v.put("jobParameter", "");
        v.put("queueName", "");
        v.put("channelName", "");
        // no failover or rerun for a job that does not report its runs
        v.put("failover", Boolean.toString(report));
        v.put("monitorExecution", "true");
        v.put("timeout4AlarmSeconds", "0");
        v.put("timeoutSeconds", "0");
        v.put("disableTimeoutSeconds", "0");
        v.put("timeZone", TIME_ZONE);
        v.put("cron", job.cron());
        v.put("pausePeriodDate", "");
        v.put("pausePeriodTime", "");
        v.put("processCountIntervalSeconds", "300");
        v.put("shardingTotalCount", Integer.toString(job.items()));
        v.put("showNormalLog", "false");
        v.put("loadLevel", "1");
        v.put("jobDegree", "0");
        v.put("enabledReport", Boolean.toString(report));
        v.put("preferList", "");
        v.put("useDispreferList", "true");
        v.put("localMode", "false");
        v.put("useSerial", "false");
        v.put("dependencies", "");
        v.put("groups", "");
        v.put("rerun", "false");
        v.put("upStream", "");
        v.put("downStream", "");
        v.put("jobClass", SleepJob.class.getName());
        return v;
    }

    /** The console's rule: a cron reports its runs unless two of its next six fires are under 5 s apart. */
    static boolean reports(String cron) throws ParseException {
        CronExpression expression = new CronExpression(cron);
        expression.setTimeZone(TimeZone.getTimeZone(TIME_ZONE));
        Date last = expression.getNextValidTimeAfter(new Date());
        for (int i = 0; last != null && i < 5; i++) {
            Date next = expression.getNextValidTimeAfter(last);
            if (next == null) {
                break;
            }
            if (next.getTime() - last.getTime() < REPORT_INTERVAL_MS) {
                return false;
            }
            last = next;
        }
        return true;
    }

    private static String itemParameters(int items, long runTimeMs) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < items; i++) {
            s.append(i == 0 ? "" : ",").append(i).append('=').append(runTimeMs);
        }
        return s.toString();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
