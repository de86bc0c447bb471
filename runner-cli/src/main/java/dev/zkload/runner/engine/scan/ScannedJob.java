package dev.zkload.runner.engine.scan;

/**
 * One job as its {@code config} children show it.
 *
 * @param items        {@code shardingTotalCount}
 * @param cron         {@code cron}, or null when the job does not fire on a cron (passive or message jobs, an empty cron)
 * @param timeZone     {@code timeZone}, the zone its cron is read in; null when empty or not a time zone
 * @param jobType      {@code jobType}
 * @param configFields config children
 * @param configBytes  bytes of data in all config children
 * @param enabled      {@code enabled}
 * @param enabledReport whether the job's executors report each run in ZooKeeper, as they read {@code enabledReport}
 *                     (without one, cron and passive jobs do)
 * @param saturn3      whether its config has a field only Saturn 3.x writes ({@code downStream}, {@code rerun}, …)
 */
public record ScannedJob(
        int items,
        String cron,
        String timeZone,
        String jobType,
        int configFields,
        int configBytes,
        boolean enabled,
        boolean enabledReport,
        boolean saturn3) {}
