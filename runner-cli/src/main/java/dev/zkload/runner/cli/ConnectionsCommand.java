package dev.zkload.runner.cli;

import dev.zkload.runner.cli.options.DurationConverter;
import dev.zkload.runner.cli.options.ExperimentOptions;
import dev.zkload.runner.engine.experiment.ConnectionSweep;
import dev.zkload.runner.engine.experiment.ConnectionSweepPlan;
import dev.zkload.runner.engine.experiment.Level;
import dev.zkload.runner.engine.experiment.Levels;
import dev.zkload.runner.engine.health.HealthLimits;
import dev.zkload.runner.result.RunKind;
import dev.zkload.runner.threshold.Catalogs;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code connections}: more clients at once, each creating, reading, setting and deleting its own znodes. */
@Command(
        name = "connections",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "How does the ensemble fare as more clients work at once? At each of --clients, that many sessions each"
                    + " create, read, set and delete --znodes-per-client znodes, all at once: the aggregate rate and"
                    + " latency per phase, the leader's and followers' outstanding requests, the leader's fsync time,"
                    + " the embedded servers' disk writes, and the clients' lost connections and expired sessions.",
            "Results in results/connections-<timestamp>: run.json, levels.jsonl, summary.json, report.md/.html and"
                    + " charts."
        })
public final class ConnectionsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--clients",
            paramLabel = "LIST",
            defaultValue = "100,200,400,800",
            description = "Concurrent client sessions, level by level, rising (default: ${DEFAULT-VALUE}).")
    String clients;

    @Option(
            names = "--znodes-per-client",
            paramLabel = "N",
            defaultValue = "1000",
            description = "Znodes each client creates, reads, sets and deletes (default: ${DEFAULT-VALUE}).")
    int znodesPerClient;

    @Option(
            names = "--znode-size",
            paramLabel = "BYTES",
            defaultValue = "1024",
            description = "Bytes of data per znode (default: ${DEFAULT-VALUE}).")
    int size;

    @Option(
            names = "--session-timeout",
            paramLabel = "DURATION",
            defaultValue = "30s",
            converter = DurationConverter.class,
            description = "The clients' session timeout: a server that stalls longer expires them"
                    + " (default: ${DEFAULT-VALUE}).")
    Duration sessionTimeout;

    @Mixin
    ExperimentOptions options = new ExperimentOptions();

    @Override
    public Integer call() throws Exception {
        SweepRun.Checked checked = SweepRun.check(spec, options);
        ConnectionSweepPlan plan = plan(checked.limits());
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("clients", plan.levels().stream().map(Level::label).toList());
        settings.put("znodesPerClient", plan.znodesPerClient());
        settings.put("znodeSize", plan.size());
        settings.put("sessionTimeoutMs", plan.sessionTimeout().toMillis());
        return SweepRun.run(
                spec,
                options,
                checked,
                RunKind.CONNECTIONS,
                settings,
                SweepRun.Gating.of(Catalogs.CONNECTIONS, plan.levels()),
                run -> new ConnectionSweep(run, plan));
    }

    private ConnectionSweepPlan plan(HealthLimits limits) {
        if (sessionTimeout.isZero() || sessionTimeout.isNegative()) {
            throw new ParameterException(spec.commandLine(), "--session-timeout must be positive");
        }
        if (size < 0 || size > 1_000_000) {
            throw new ParameterException(
                    spec.commandLine(), "--znode-size must be between 0 and 1000000 bytes, got " + size);
        }
        try {
            return new ConnectionSweepPlan(
                    Levels.parse(clients),
                    znodesPerClient,
                    size,
                    sessionTimeout,
                    options.target.connectTimeout,
                    limits);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--clients or --znodes-per-client: " + e.getMessage());
        }
    }
}
