package dev.zkload.runner.engine.run;

import dev.zkload.runner.result.ResultFiles;

import dev.zkload.bench.stats.AdminUrls;
import dev.zkload.bench.stats.StatsClient;
import dev.zkload.bench.client.RunLock;
import dev.zkload.runner.RunFailure;
import dev.zkload.runner.Version;
import dev.zkload.runner.cli.options.ServerOptions;
import dev.zkload.runner.cli.options.TargetOptions;
import dev.zkload.runner.engine.run.Preflight;
import dev.zkload.runner.result.ServerCheck;
import dev.zkload.runner.result.ResultWriter;
import dev.zkload.runner.result.RunDescription;
import dev.zkload.runner.engine.run.Target;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The start every command that loads an ensemble shares, in the order that keeps a refused run from
 * leaving anything behind: the target (started, or reached), the preflight of every server, the run's
 * root created and locked, and only then the results folder with {@code run.json} in it.
 */
public final class PreparedRun implements AutoCloseable {
    private final String command;
    private final String runId;
    private final Instant startTime = Instant.now();
    private final Target target;
    private final StatsClient stats;
    private final List<ServerCheck> servers;
    private final RunLock lock;
    private final ResultWriter results;
    private final ServerOptions embeddedSettings;

    private PreparedRun(String command, String runId, Target target, StatsClient stats, List<ServerCheck> servers,
            RunLock lock, ResultWriter results, ServerOptions embeddedSettings) {
        this.command = command;
        this.runId = runId;
        this.target = target;
        this.stats = stats;
        this.servers = servers;
        this.lock = lock;
        this.results = results;
        this.embeddedSettings = embeddedSettings;
    }

    /**
     * Opens the target and checks it; creates and locks the root; creates the results folder.
     *
     * @param metricsRequired false with {@code --no-server-metrics}
     * @param force           empty an existing root that holds znodes (never a live run's)
     * @throws RunFailure                             when the target or a check refuses (exit 1)
     * @throws picocli.CommandLine.ParameterException on options wrong in themselves (exit 2)
     */
    public static PreparedRun open(CommandSpec spec, String command, String runId, String root, TargetOptions options,
            int defaultServers, AdminUrls adminUrls, boolean metricsRequired, boolean force, Path out, PrintWriter console)
            throws InterruptedException {
        Target target = Target.open(options, defaultServers, spec, console);
        RunLock lock = null;
        try {
            StatsClient stats = new StatsClient(Duration.ofSeconds(2), adminUrls);
            List<ServerCheck> servers = Preflight.servers(target.servers(), stats, metricsRequired);
            lock = Preflight.lock(target.connectString().toString(), options.connectTimeout, root,
                    new RunLock.Owner(command, runId, ProcessHandle.current().pid(), RunLock.localHost(), Instant.now()),
                    force);
            ResultWriter results;
            try {
                results = ResultWriter.create(out);
            } catch (IllegalArgumentException e) {
                throw new RunFailure("--out: " + e.getMessage(), e);
            }
            return new PreparedRun(command, runId, target, stats, servers, lock, results,
                    target.embedded() ? options.server : null);
        } catch (RuntimeException | InterruptedException e) {
            if (lock != null) {
                lock.close();
            }
            target.close();
            throw e;
        }
    }

    /** Writes {@code run.json}: the tool, the command line, the target as the preflight found it, the model and settings. */
    public void writeRun(List<String> arguments, Map<String, Object> model, Map<String, Object> settings) {
        results.writeRun(new RunDescription(ResultFiles.SCHEMA_VERSION, "zkload", Version.current(), command, arguments,
                startTime, runId,
                lock.root(), model, targetMap(), settings));
    }

    private Map<String, Object> targetMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("connectString", target.connectString().toString());
        map.put("embedded", target.embedded());
        map.put("servers", servers);
        if (embeddedSettings != null) {
            map.put("snapCount", embeddedSettings.snapCount);
            map.put("serverJvmOpts", embeddedSettings.serverJvmOpts);
            map.put("serverJavaHome", embeddedSettings.serverJavaHome == null ? System.getProperty("java.home")
                    : embeddedSettings.serverJavaHome.toString());
            map.put("serverHeap", embeddedSettings.serverHeap);
        }
        return map;
    }

    public Target target() {
        return target;
    }

    public StatsClient stats() {
        return stats;
    }

    public List<ServerCheck> servers() {
        return servers;
    }

    public ResultWriter results() {
        return results;
    }

    public String root() {
        return lock.root();
    }

    /** Releases the root's lock (removing the root if it is empty by then) and stops an embedded ensemble. */
    @Override
    public void close() {
        try {
            results.close();
        } finally {
            try {
                lock.close();
            } finally {
                target.close();
            }
        }
    }

}
