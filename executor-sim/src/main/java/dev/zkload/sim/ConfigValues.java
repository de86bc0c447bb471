package dev.zkload.sim;

import java.nio.charset.StandardCharsets;

/**
 * The data the console writes into a job's config children: the values the executors read, and
 * where the model gives a job more config bytes than those, the rest as its {@code description}.
 */
final class ConfigValues {
    private ConfigValues() {}

    static String value(Layout l, String job, String field) {
        if (field.equals("description")) {
            return "x".repeat(padding(l, job));
        }
        return plain(l, job, field);
    }

    private static String plain(Layout l, String job, String field) {
        JobGroup g = l.group(job);
        return switch (field) {
            case "enabled" -> Boolean.toString(g.enabled());
            // the console turns failover off with the report: without running nodes there is nothing to fail over
            case "enabledReport", "failover" -> Boolean.toString(g.reports());
            case "cron" -> g.cron() == null ? "" : g.cron();
            case "shardingTotalCount" -> Integer.toString(g.items());
            case "jobType" -> g.jobType() == null ? l.version.jobType() : g.jobType();
            case "processCountIntervalSeconds" -> Long.toString(SaturnModel.STATS_PERIOD.toSeconds());
            case "loadLevel" -> "1";
            case "jobClass" -> l.version.jobClass();
            default -> "";
        };
    }

    /** The bytes the model's config size asks for beyond the plain values, never negative. */
    private static int padding(Layout l, String job) {
        int plain = 0;
        for (String field : l.configFields(job)) {
            plain += plain(l, job, field).getBytes(StandardCharsets.UTF_8).length;
        }
        return Math.max(0, l.group(job).configBytes() - plain);
    }
}
