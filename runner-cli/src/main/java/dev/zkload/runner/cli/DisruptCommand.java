package dev.zkload.runner.cli;

import dev.zkload.runner.cli.options.DurationConverter;
import dev.zkload.runner.cli.options.ExperimentOptions;
import dev.zkload.runner.cli.options.ModelOptions;
import dev.zkload.runner.cli.options.Workload;
import dev.zkload.runner.engine.disrupt.DisruptPlan;
import dev.zkload.runner.engine.disrupt.DisruptSweep;
import dev.zkload.runner.engine.experiment.Level;
import dev.zkload.runner.result.RunKind;
import dev.zkload.runner.threshold.Catalogs;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code disrupt}: what a fault costs at a given load, and how the cost grows with the load. */
@Command(
        name = "disrupt",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "What does a fault cost at a given load? Holds N simulated domains, lets them settle, injects one"
                    + " fault and measures until the ensemble and the domains are back: the time without a"
                    + " leader, until every session is connected again and until the ephemerals and watches are"
                    + " back; the sessions disconnected and expired; the leader's queue; what a client's set and"
                    + " get met meanwhile. Several --domains values run the same fault at each load.",
            "Results in results/disrupt-<timestamp>: run.json, levels.jsonl, timeline.csv, summary.json,"
                    + " report.md/.html."
        })
public final class DisruptCommand implements Callable<Integer> {
    @Option(
            names = "--domains",
            paramLabel = "LIST",
            required = true,
            description = "Domains held when the fault strikes; several values (100,200,300) run the fault at each.")
    String domains;

    @Option(
            names = "--fault",
            paramLabel = "KIND",
            description = "The fault, on the embedded ensemble: restart-follower, restart-leader, kill-leader,"
                    + " stall, rolling-restart.")
    String fault;

    @Option(
            names = "--fault-cmd",
            paramLabel = "COMMAND",
            description = "Against --connect: a shell command that injects the fault (e.g. 'ssh zk3 systemctl"
                    + " restart zookeeper'); the fault ends when it returns.")
    String faultCommand;

    @Option(
            names = "--stall",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "With --fault stall: how long the server is paused (SIGSTOP, then SIGCONT).")
    Duration stall;

    @Option(
            names = "--server",
            paramLabel = "WHICH",
            description = "With --fault stall: the server paused, leader, follower or its id from 1 (default:"
                    + " follower).")
    String server;

    @Option(
            names = "--restart-delay",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "With --fault kill-leader: how long the killed leader stays down (default: 5s).")
    Duration restartDelay;

    @Option(
            names = "--settle",
            paramLabel = "DURATION",
            defaultValue = "30s",
            converter = DurationConverter.class,
            description = "How long the domains run before the fault, to learn their steady state (default:"
                    + " ${DEFAULT-VALUE}).")
    Duration settle;

    @Option(
            names = "--recovery-timeout",
            paramLabel = "DURATION",
            defaultValue = "5m",
            converter = DurationConverter.class,
            description = "How long after the fault's end recovery is waited for (default: ${DEFAULT-VALUE}).")
    Duration recoveryTimeout;

    @Spec
    CommandSpec spec;

    @Mixin
    ModelOptions model = new ModelOptions();

    @Mixin
    ExperimentOptions options = new ExperimentOptions();

    @Override
    public Integer call() throws Exception {
        SweepRun.Checked checked = SweepRun.check(spec, options);
        if (options.serverMetrics.none) {
            throw new ParameterException(
                    spec.commandLine(),
                    "disrupt reads the servers' statistics to see the"
                            + " leader and the footprint come back, so it cannot run with --no-server-metrics");
        }
        boolean embedded = options.target.connect == null;
        if (embedded && options.target.server.servers != null && options.target.server.servers < 3) {
            throw new ParameterException(
                    spec.commandLine(), "a fault needs a quorum to survive it: --servers must be 3 or 5");
        }
        List<Level> levels = SweepRun.levels(spec, "--domains", domains);
        DisruptPlan plan;
        try {
            plan = DisruptPlan.of(
                    levels,
                    fault,
                    faultCommand,
                    stall,
                    server,
                    restartDelay,
                    settle,
                    recoveryTimeout,
                    options.target.connectTimeout,
                    embedded);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        Workload workload = model.workload(spec);
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("levels", levels.stream().map(Level::label).toList());
        settings.put("fault", plan.fault().id());
        settings.put("faultDescription", plan.describe());
        settings.put("stallSec", plan.stall() == null ? null : plan.stall().toSeconds());
        settings.put("server", plan.server() == null ? null : plan.server().toString());
        settings.put(
                "restartDelaySec",
                plan.restartDelay() == null ? null : plan.restartDelay().toSeconds());
        settings.put("settleSec", plan.settle().toSeconds());
        settings.put("recoveryTimeoutSec", plan.recoveryTimeout().toSeconds());
        settings.put("model", workload.models().name());
        PrintWriter console = options.output.console(spec);
        return SweepRun.run(
                spec,
                options,
                checked,
                RunKind.DISRUPT,
                settings,
                SweepRun.Gating.of(Catalogs.DISRUPT, levels),
                3,
                run -> new DisruptSweep(run, plan, workload.models(), line -> {
                    console.println(line);
                    console.flush();
                }));
    }
}
