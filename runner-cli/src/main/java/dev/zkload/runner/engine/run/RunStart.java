package dev.zkload.runner.engine.run;

import dev.zkload.bench.stats.AdminUrls;
import java.nio.file.Path;

/**
 * What a command asks of {@link PreparedRun#open}.
 *
 * @param command         the command's name, for run.json and the run's lock
 * @param runId           the run's id
 * @param root            the run's znode root
 * @param target          the ensemble
 * @param adminUrls       where the servers' AdminServer answers when four-letter words do not
 * @param metricsRequired false when the user chose to run without the servers' statistics
 * @param force           empty an existing root that holds znodes (never a live run's)
 * @param out             the results folder to create
 */
public record RunStart(
        String command,
        String runId,
        String root,
        TargetSpec target,
        AdminUrls adminUrls,
        boolean metricsRequired,
        boolean force,
        Path out) {}
