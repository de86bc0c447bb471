package dev.zkload.runner.ramp;

import dev.zkload.bench.ops.RunIds;
import dev.zkload.bench.ops.ZkRoot;
import dev.zkload.runner.ExitCodes;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.Version;
import dev.zkload.runner.cli.ModelOptions;
import dev.zkload.runner.cli.OutputOptions;
import dev.zkload.runner.cli.TargetOptions;
import dev.zkload.runner.metrics.MetricsEndpoint;
import dev.zkload.runner.metrics.MetricsOptions;
import dev.zkload.runner.progress.Progress;
import dev.zkload.runner.report.ReportWriter;
import dev.zkload.runner.result.ResultFolder;
import dev.zkload.runner.target.Target;
import dev.zkload.sim.DomainFleet;
import dev.zkload.sim.SaturnModel;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Runs the ramp for the top-level command: validates everything before any server is forked,
 * writes run.json first and summary.json last (also on Ctrl-C and failures), builds the reports,
 * removes the simulated domains unless {@code --keep}, and maps the outcome to the exit code.
 */
public final class RampCommand {
    private RampCommand() {
    }

    public static int run(CommandSpec spec, RampOptions ramp, TargetOptions targetOptions, ModelOptions modelOptions,
            OutputOptions output, MetricsOptions metricsOptions, int znodeCount, int znodeSize, List<String> arguments)
            throws InterruptedException {
        ramp.validate(spec);
        targetOptions.validate(spec);
        modelOptions.validate(spec);
        metricsOptions.validate(spec);
        if (znodeCount < 1 || znodeSize < 0) {
            throw new ParameterException(spec.commandLine(), "--znode-count must be at least 1 and --znode-size at least 0");
        }
        SaturnModel model = model(modelOptions, spec);
        Optional<MetricsEndpoint> metrics = MetricsEndpoint.start(metricsOptions);
        try {
            return run(spec, ramp, targetOptions, model, output, metrics, znodeCount, znodeSize, arguments);
        } finally {
            metrics.ifPresent(MetricsEndpoint::close);
        }
    }

    private static int run(CommandSpec spec, RampOptions ramp, TargetOptions targetOptions, SaturnModel model,
            OutputOptions output, Optional<MetricsEndpoint> metrics, int znodeCount, int znodeSize, List<String> arguments)
            throws InterruptedException {
        Path out = output.resolve(null);
        ResultFolder results;
        try {
            results = ResultFolder.create(out);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--out: " + e.getMessage());
        }
        String runId = RunIds.next();
        String root = "/zkload/ramp-" + runId;
        ZkRoot.validate(root);
        PrintWriter console = spec.commandLine().getOut();
        Progress progress = Progress.forConsole(console);
        metrics.ifPresent(m -> progress.line("Serving meters for Prometheus on port %d (/metrics)", m.port()));
        RampSummary summary;
        try (Target target = Target.open(targetOptions, 3, spec, console)) {
            results.writeRun(new RunDescription("zkload", Version.current(), "ramp", arguments, Instant.now(), runId, root,
                    modelMap(model), targetMap(target, targetOptions), settingsMap(ramp, znodeCount, znodeSize)));
            DomainFleet fleet = DomainFleet.builder(target.connectString().toString()).root(root).model(model)
                    .addTimeout(ramp.addTimeout).meterRegistry(metrics.map(MetricsEndpoint::registry).orElse(null)).build();
            RampSettings settings = new RampSettings(ramp, root, znodeCount, znodeSize);
            Ramp run = new Ramp(settings, target, results, progress);
            try {
                summary = run.run(fleet);
            } catch (IOException e) {
                throw new RunFailure("the ramp failed: " + e.getMessage(), e);
            } finally {
                boolean interrupted = Thread.interrupted();
                if (ramp.keep) {
                    progress.line("Leaving the simulated domains under %s (--keep); remove them with 'clean --root %s'",
                            root, root);
                } else {
                    progress.line("Removing the simulated domains under %s ...", root);
                    fleet.close();
                    if (run.quorumLost() && !target.embedded()) {
                        progress.line("The ensemble had no leader, so some of it may be left: once the ensemble is back,"
                                + " 'clean --connect %s --root %s' removes it", target.connectString(), root);
                    }
                }
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
            results.writeSummary(summary);
        } finally {
            results.close();
        }
        try {
            ReportWriter.write(out);
        } catch (IOException | RuntimeException e) {
            progress.line("warning: the reports could not be built (%s); run 'report %s' to retry", e.getMessage(), out);
        }
        progress.line("Stopped: %s — %s. Max stable domains: %d. Results in %s", summary.stopReason().json(),
                summary.message(), summary.maxStableDomains(), out);
        return switch (summary.stopReason()) {
            case INTERRUPTED -> ExitCodes.INTERRUPTED;
            case ERRORS -> ExitCodes.RUNTIME_FAILURE;
            default -> ExitCodes.OK;
        };
    }

    /** The model the options describe. */
    public static SaturnModel model(ModelOptions o, CommandSpec spec) {
        SaturnModel.Builder b = SaturnModel.named(o.model).toBuilder();
        if (o.executorsPerDomain != null) {
            b.executorsPerDomain(o.executorsPerDomain);
        }
        if (o.consolesPerDomain != null) {
            b.consolesPerDomain(o.consolesPerDomain);
        }
        if (o.jobsPerDomain != null) {
            b.jobsPerDomain(o.jobsPerDomain);
        }
        if (o.itemsPerJob != null) {
            b.itemsPerJob(o.itemsPerJob);
        }
        if (o.configFields != null) {
            b.configFields(o.configFields);
        }
        if (o.runTime != null) {
            b.runTime(o.runTime);
        }
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private static Map<String, Object> modelMap(SaturnModel m) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("name", m.name());
        map.put("executorsPerDomain", m.executorsPerDomain());
        map.put("consolesPerDomain", m.consolesPerDomain());
        map.put("jobsPerDomain", m.jobsPerDomain());
        map.put("itemsPerJob", m.itemsPerJob());
        map.put("configFields", m.configFields());
        map.put("runTimeMs", m.runTime().toMillis());
        map.put("expectedPerDomain", m.expectedFootprint());
        return map;
    }

    private static Map<String, Object> targetMap(Target t, TargetOptions o) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("connectString", t.connectString().toString());
        map.put("embedded", t.embedded());
        map.put("servers", t.servers().size());
        map.put("serverVersions", ServerVersions.of(t.servers()));
        if (t.embedded()) {
            map.put("snapCount", o.server.snapCount);
            map.put("serverJvmOpts", o.server.serverJvmOpts);
            map.put("serverJavaHome", o.server.serverJavaHome == null ? System.getProperty("java.home")
                    : o.server.serverJavaHome.toString());
            map.put("serverHeap", o.server.serverHeap);
        }
        return map;
    }

    private static Map<String, Object> settingsMap(RampOptions r, int znodeCount, int znodeSize) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("domains", r.domains);
        map.put("step", r.step);
        map.put("outstandingThreshold", r.outstandingThreshold);
        map.put("sustainSec", r.sustain.toSeconds());
        map.put("settleSec", r.settle.toSeconds());
        map.put("addTimeoutSec", r.addTimeout.toSeconds());
        map.put("maxErrorRate", r.maxErrorRate);
        map.put("maxExpiredSessions", r.maxExpiredSessions);
        map.put("znodeCount", znodeCount);
        map.put("znodeSize", znodeSize);
        map.put("benchTarget", r.benchTarget.name().toLowerCase(java.util.Locale.ROOT));
        map.put("keep", r.keep);
        if (!r.shard.alone()) {
            map.put("shard", Map.of("index", r.shard.index(), "count", r.shard.count(), "startAt", r.startAt.toString(),
                    "stepIntervalSec", r.stepInterval.toSeconds()));
        }
        return map;
    }
}
