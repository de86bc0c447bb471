package dev.zkload.sim;

import java.time.Duration;

/**
 * Jobs of one shape within a {@link DomainKind}: how many, their sharding items, when they fire,
 * their type and config, whether enabled, and how long a run lasts.
 *
 * @param count        jobs of this shape, at least 1
 * @param items        sharding items per job ({@code shardingTotalCount}), at least 1
 * @param cron         the Quartz cron the console wrote, or null when the jobs fire at a fixed interval or not on a schedule
 * @param period       how often each job fires on average, or null when it fires only when triggered
 * @param jobType      {@code config/jobType}, or null for the Saturn line's usual type
 * @param configFields config children per job, {@code jobClass} included
 * @param configBytes  bytes of data in all config children of a job, or 0 for what the simulator writes anyway
 * @param enabled      whether the jobs fire at all (disabled jobs keep their config, servers and leader election,
 *                     watches and sessions, but are never sharded and never run)
 * @param reports      whether each run is reported in ZooKeeper ({@code config/enabledReport}): running and
 *                     completed nodes, failover; Saturn 3.x's console turns it off for crons that fire under
 *                     {@value #REPORT_GAP_MS} ms apart, and then a fire only reads
 * @param runTime      how long one item run lasts, below {@code period}
 * @param moments      with {@code timing: cron}, the cron's own moments, the same for every job on it; null for fires
 *                     spread evenly over the period from a random offset of each job's
 */
record JobGroup(
        int count,
        int items,
        String cron,
        Duration period,
        String jobType,
        int configFields,
        int configBytes,
        boolean enabled,
        boolean reports,
        Duration runTime,
        CronMoments moments) {

    /** Saturn's console: a cron whose fires come closer than this does not report its runs. */
    static final long REPORT_GAP_MS = 5_000;

    /** The jobs of a preset: the given number, each once a minute at second 0 of its minute's cron. */
    static JobGroup of(SaturnModel m) {
        return new JobGroup(
                m.jobsPerDomain(),
                m.itemsPerJob(),
                "0 * * * * ?",
                SaturnModel.CRON_PERIOD,
                null,
                m.configFields(),
                0,
                true,
                true,
                m.runTime(),
                null);
    }

    /**
     * What Saturn 3.x's console writes into {@code enabledReport} for jobs of a type that fire {@code closestMs}
     * apart at the closest: passive jobs report; cron jobs only when their fires come at least
     * {@value #REPORT_GAP_MS} ms apart (or never); other types (message jobs) do not. The console looks at a
     * cron's next six fires from the moment the job is added; this takes the cron's closest fires anywhere.
     *
     * @param jobType {@code config/jobType}, or null for the Saturn line's usual cron type
     */
    static boolean consoleReports(String jobType, long closestMs) {
        if (isPassive(jobType)) {
            return true;
        }
        return isCron(jobType) && (closestMs <= 0 || closestMs >= REPORT_GAP_MS);
    }

    /** What Saturn's executor takes when a job has no {@code enabledReport}: cron and passive jobs report. */
    static boolean executorReports(String jobType) {
        return isCron(jobType) || isPassive(jobType);
    }

    private static boolean isCron(String jobType) {
        return jobType == null || jobType.equals("JAVA_JOB") || jobType.equals("SHELL_JOB");
    }

    private static boolean isPassive(String jobType) {
        return jobType != null && jobType.startsWith("PASSIVE_");
    }

    /** Whether these jobs' executors keep {@code execution} nodes: enabled jobs that report their runs. */
    boolean keepsExecution() {
        return enabled && reports;
    }

    /** Whether these jobs fire on their own: enabled and on a schedule. */
    boolean fires() {
        return enabled && period != null;
    }

    /** Fires per second of all the group's jobs together. */
    double firesPerSec() {
        return fires() ? count * 1000.0 / period.toMillis() : 0;
    }
}
