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
 * @param enabledReport {@code enabledReport}, whether the job reports each run in ZooKeeper; null when the job has no
 *                     such node or it holds neither true nor false (the model then applies the console's rule)
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
        Boolean enabledReport,
        boolean saturn3) {}
