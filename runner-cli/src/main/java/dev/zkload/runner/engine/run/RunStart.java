package dev.zkload.runner.engine.run;

import dev.zkload.bench.stats.AdminUrls;
import dev.zkload.runner.engine.resources.PrometheusLookup;
import dev.zkload.runner.result.RunKind;
import java.nio.file.Path;

/**
 * What a command asks of {@link PreparedRun#open}.
 *
 * @param kind            what the command is, for run.json and the run's lock
 * @param runId           the run's id
 * @param root            the run's znode root
 * @param target          the ensemble
 * @param adminUrls       where the servers' AdminServer answers when four-letter words do not
 * @param metricsRequired false when the user chose to run without the servers' statistics
 * @param force           empty an existing root that holds znodes (never a live run's)
 * @param out             the results folder to create
 * @param prometheus      where remote servers' Prometheus endpoints are looked for ({@link PrometheusLookup#NONE}
 *                        for a command that reads no server's process)
 */
public record RunStart(
        RunKind kind,
        String runId,
        String root,
        TargetSpec target,
        AdminUrls adminUrls,
        boolean metricsRequired,
        boolean force,
        Path out,
        PrometheusLookup prometheus) {

    /** A start that looks for no Prometheus endpoint: the commands that read no server's process. */
    public RunStart(
            RunKind kind,
            String runId,
            String root,
            TargetSpec target,
            AdminUrls adminUrls,
            boolean metricsRequired,
            boolean force,
            Path out) {
        this(kind, runId, root, target, adminUrls, metricsRequired, force, out, PrometheusLookup.NONE);
    }
}
